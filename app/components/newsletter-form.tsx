/** The newsletter sign-up form behind every newsletter form on the site (rules 6.2, 6.3). */
import { clsx } from "clsx";
import { useId, useRef, useState } from "react";
import { useFormSubmission } from "../lib/form-submission";
import { useHydrated } from "../lib/use-hydrated";
import { dismissToast, showToast } from "../lib/toast";
import type { FormPageAnswer } from "../../core/form-contract";
import { FormNeedsScript, FormPostedNotice, NoScriptHint } from "./form-needs-script";
import { Button } from "./ui/button";
import { useFrameData } from "../lib/frame-data";

/** Props of `NewsletterForm`. */
export interface NewsletterFormProps {
  /** Gets the address as typed, once the sign-up is kept. */
  onSubscribed?: (email: string) => void;
  /** `stacked` puts the button under the field (narrow places). */
  layout?: "inline" | "stacked";
  /** The field's label, read by screen readers only. */
  label?: string;
  tone?: "light" | "dark";
  /** The server answered a script-less post of this form (shows `FormNeedsScript`). */
  postedWithoutScript?: boolean;
  /** A refused script-less post in `d1` mode (shows `FormPostedNotice`). */
  posted?: FormPageAnswer;
}

/** The form; it always posts, so the address never lands in a URL. */
export function NewsletterForm({
  onSubscribed,
  layout = "inline",
  label = "Email address",
  tone = "light",
  postedWithoutScript = false,
  posted,
}: NewsletterFormProps) {
  const id = useId();
  const formsMode = useFrameData().forms?.mode;
  const validationToast = useRef<number | null>(null);
  const ready = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const { sending, submit } = useFormSubmission("newsletter", (fields) =>
    onSubscribed?.(String(fields.get("email") ?? "").trim()),
  );

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "");
    // Loaded on first submit, keeping the validator out of the page's first load.
    const { validateNewsletterSignup } = await import("../../core/forms");
    const checked = validateNewsletterSignup({ email });
    if (!checked.ok) {
      setError(checked.fieldErrors.email ?? null);
      validationToast.current = showToast({ ...checked.toast, variant: "destructive" });
      return;
    }
    setError(null);
    if (validationToast.current !== null) dismissToast(validationToast.current);
    validationToast.current = null;
    submit(form);
  }

  return (
    <form
      action="/newsletter"
      method="post"
      onSubmit={(event) => void onSubmit(event)}
      className="w-full"
      aria-busy={sending}
      data-ready={ready}
    >
      <div className={clsx("flex gap-3", layout === "stacked" ? "flex-col" : "flex-col sm:flex-row")}>
        <label htmlFor={`${id}-email`} className="sr-only">
          {label}
        </label>
        <EmailInput id={`${id}-email`} errorId={error ? `${id}-error` : undefined} tone={tone} />
        <Button
          type="submit"
          variant={tone === "dark" ? "onDark" : "primary"}
          size="xl"
          disabledLook="working"
          disabled={sending}
        >
          {sending ? "Subscribing..." : "Subscribe"}
        </Button>
      </div>
      {error && (
        <p
          id={`${id}-error`}
          className={clsx("mt-2 text-sm", tone === "dark" ? "text-white" : "text-red-700 dark:text-red-400")}
        >
          {error}
        </p>
      )}
      {posted ? (
        <FormPostedNotice answer={posted} tone={tone} />
      ) : postedWithoutScript ? (
        <FormNeedsScript task="subscribe" tone={tone} />
      ) : (
        formsMode !== "d1" && <NoScriptHint task="subscribe you" tone={tone} />
      )}
    </form>
  );
}

/** The address field; `errorId` names the message under it while the address is refused. */
function EmailInput({ id, errorId, tone }: { id: string; errorId: string | undefined; tone: "light" | "dark" }) {
  return (
    <input
      id={id}
      type="email"
      name="email"
      required
      autoComplete="email"
      placeholder="you@example.com"
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      className={clsx(
        "min-w-0 flex-1 rounded-full border px-5 py-3 text-base",
        tone === "dark"
          ? "border-white/30 bg-white/10 text-white placeholder:text-white/70"
          : "border-slate-300 bg-white placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-900",
      )}
    />
  );
}
