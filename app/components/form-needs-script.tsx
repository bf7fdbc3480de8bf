/** What a form says when it reached the server without JavaScript (rules 6.4 to 6.6). */
import { clsx } from "clsx";
import { CONTACT_EMAIL } from "../../content/site";
import type { FormPageAnswer } from "../../core/form-contract";

/** A script-less post's outcome in `d1` mode: the toast's words as a status, or an alert when refused. */
export function FormPostedNotice({ answer, tone = "light" }: { answer: FormPageAnswer; tone?: "light" | "dark" }) {
  const stored = answer.outcome === "stored";
  return (
    <div
      role={stored ? "status" : "alert"}
      data-testid="form-posted"
      className={clsx(
        "mt-4 rounded-xl border p-4 text-left",
        tone === "dark"
          ? "border-white/40 bg-white/10 text-white"
          : stored
            ? "border-brand-300 bg-brand-50 text-brand-900 dark:border-brand-700 dark:bg-brand-900 dark:text-white"
            : "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50",
      )}
    >
      <p className="font-semibold">{answer.title}</p>
      <p className="mt-1">{answer.description}</p>
    </div>
  );
}

/** With simulated forms, says nothing was sent; `task` names what could not happen ("send your message"). */
export function FormNeedsScript({ task, tone = "light" }: { task: string; tone?: "light" | "dark" }) {
  return (
    <div
      role="status"
      data-testid="form-needs-script"
      className={
        tone === "dark"
          ? "mt-4 rounded-xl border border-white/40 bg-white/10 p-4 text-left text-white"
          : "mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-left text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      }
    >
      <p className="font-semibold">Nothing was sent.</p>
      <p className="mt-1">
        To {task}, this page needs JavaScript, which is turned off in your browser. Turn it on and try again, or e-mail
        us at{" "}
        <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold break-words underline underline-offset-4">
          {CONTACT_EMAIL}
        </a>
        . We did not keep anything you typed.
      </p>
    </div>
  );
}

/**
 * A line shown only when JavaScript is off (see the `no-js-only` rule in the
 * root's `<noscript>`), before anything is submitted.
 */
export function NoScriptHint({ task, tone = "light" }: { task: string; tone?: "light" | "dark" }) {
  return (
    <p
      className={
        tone === "dark"
          ? "no-js-only mt-3 hidden text-sm text-white"
          : "no-js-only mt-3 hidden text-sm text-slate-700 dark:text-slate-300"
      }
    >
      JavaScript is off, so this form cannot {task}. E-mail us at{" "}
      <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold break-words underline underline-offset-4">
        {CONTACT_EMAIL}
      </a>{" "}
      instead.
    </p>
  );
}
