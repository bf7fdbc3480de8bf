/** The sign-up's kept state (rules 6.2, 6.8): subscribed, or with `d1` forms, the confirmation mail on its way. */
import { clsx } from "clsx";
import { useState } from "react";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule";
import { useFrameData } from "../lib/frame-data";

/** Whether sign-ups wait for a confirmation link (the double opt-in of rule 6.8). */
export function useConfirmationPending(): boolean {
  return useFrameData().forms?.mode === "d1";
}

/** The band's subscribed state; `email` is the address as typed. */
export function NewsletterSubscribed({ email, tone = "light" }: { email: string; tone?: "light" | "dark" }) {
  const pending = useConfirmationPending();
  const text = tone === "dark" ? "text-white" : "text-slate-900 dark:text-white";
  if (!pending) {
    return (
      <p role="status" className={clsx("font-semibold", text)}>
        You're subscribed. See you on {SEND_TIME_WORDS.weekday}!
      </p>
    );
  }
  return (
    <div role="status" className={text}>
      <p className="font-semibold">Almost there: confirm your address</p>
      <p className="mt-2">
        We sent a link to <strong className="break-all">{email}</strong>. Open it to start getting the newsletter; it
        works for 7 days.
      </p>
      <ResendConfirmation email={email} tone={tone} />
    </div>
  );
}

/**
 * A native post of the same address: the site mails the link again, at most once an hour (rule 6.8). It carries when
 * this page had the link sent (its mount, right after the kept sign-up), so inside the hour the answer says when the
 * next can go.
 */
export function ResendConfirmation({ email, tone = "light" }: { email: string; tone?: "light" | "dark" }) {
  const [sentAtMs] = useState(() => Date.now());
  return (
    <form action="/newsletter" method="post" className="mt-2 text-sm">
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="last_sent_at" value={sentAtMs} />
      No mail? Check your spam folder, or{" "}
      <button
        type="submit"
        className={clsx(
          "font-semibold underline underline-offset-4",
          tone === "dark" ? "text-white" : "text-brand-700 dark:text-brand-400",
        )}
      >
        send the link again
      </button>
      .
    </form>
  );
}
