/**
 * The newsletter prompt on home, blog and article pages (spec §2), shown
 * when the newsletter flag is on. Links to /newsletter; the sign-up form
 * itself arrives with the newsletter work (issue 5).
 */
import { Mail } from "lucide-react";
import { Link } from "react-router";

/** The prompt block. */
export function NewsletterPrompt() {
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
        Join 10,000+ readers of the weekly VPF newsletter, in your inbox every Sunday morning.
      </p>
      <Link
        to="/newsletter"
        prefetch="intent"
        className="mt-6 inline-block rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 dark:bg-brand-400 dark:text-slate-950 dark:hover:bg-brand-300"
      >
        Join the newsletter
      </Link>
    </section>
  );
}
