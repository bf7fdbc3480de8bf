/**
 * The call-to-action block on home and about (rule 1.6), shown when the cta
 * flag is on.
 */
import { Link } from "react-router";

/** The block. */
export function CtaBlock() {
  return (
    <section
      aria-labelledby="cta-heading"
      className="mx-auto mt-20 max-w-6xl rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12 dark:bg-brand-900"
    >
      <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
        Start your journey to financial freedom
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-brand-50">
        One practical step at a time. Pick a topic and start reading today.
      </p>
      <Link
        to="/blog"
        prefetch="intent"
        className="mt-6 inline-block rounded-full bg-white px-6 py-3 font-semibold text-brand-900 hover:bg-brand-50"
      >
        Start reading
      </Link>
    </section>
  );
}
