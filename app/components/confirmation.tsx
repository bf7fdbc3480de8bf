/** A confirmation screen (newsletter pages, order success): icon, heading, message, a primary link, Go to Homepage. */
import { CircleCheck, Mail, ReceiptText } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClassName } from "./ui/button";

/** The screen; `action` is the primary link, left out where the children hold the primary control. */
export function Confirmation({
  title,
  children,
  action,
  icon = "done",
}: {
  title: string;
  children: ReactNode;
  action?: { to: string; label: string };
  icon?: "done" | "order" | "mail";
}) {
  const Icon = icon === "done" ? CircleCheck : icon === "order" ? ReceiptText : Mail;
  const tone = icon === "done" ? "text-brand-700 dark:text-brand-400" : "text-slate-400 dark:text-slate-500";
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <Icon aria-hidden="true" className={`mx-auto size-14 ${tone}`} />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight">{title}</h1>
      <div className="mt-4 text-lg text-slate-600 dark:text-slate-300">{children}</div>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        {action && (
          <Link to={action.to} className={buttonClassName({ size: "xl" })}>
            {action.label}
          </Link>
        )}
        <Link to="/" className={buttonClassName({ variant: "secondary", size: "xl" })}>
          Go to Homepage
        </Link>
      </div>
    </div>
  );
}
