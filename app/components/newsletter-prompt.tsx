/**
 * The newsletter prompt on home, blog and article pages (rules 1.5, 3.1, 3.3), shown
 * when the newsletter flag is on. Uses the same `NewsletterForm` as /newsletter.
 */
import { Mail } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { NewsletterForm } from "./newsletter-form";

/** The prompt block. */
export function NewsletterPrompt() {
  const [subscribed, setSubscribed] = useState(false);
  return (
    <section
      aria-labelledby="newsletter-prompt-heading"
      className="rounded-3xl border border-brand-100 bg-brand-50 px-6 py-10 text-center dark:border-brand-900 dark:bg-brand-900/30"
    >
      <Mail aria-hidden="true" className="mx-auto size-8 text-brand-700 dark:text-brand-400" />
      <h2 id="newsletter-prompt-heading" className="mt-3 text-2xl font-bold">
        Get one practical idea every Sunday
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-slate-700 dark:text-slate-300">
        Join 10,000+ readers of the weekly VPF newsletter, in your inbox every Sunday morning.{" "}
        <Link
          to="/newsletter"
          className="font-semibold text-brand-800 underline underline-offset-4 dark:text-brand-300"
        >
          See a sample issue
        </Link>
        .
      </p>
      <div className="mx-auto mt-6 max-w-md">
        {subscribed ? (
          <p role="status" className="font-semibold text-brand-800 dark:text-brand-300">
            You're subscribed. See you on Sunday!
          </p>
        ) : (
          <NewsletterForm onSubscribed={() => setSubscribed(true)} />
        )}
      </div>
    </section>
  );
}
