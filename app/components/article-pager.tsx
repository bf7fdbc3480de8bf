/** The previous (older) and next (newer) article at the end of an article (rule 3.1). */
import { ArrowLeft, ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { ArticleLink } from "../../content/article-schema";

const CARD_CLASS =
  "group block rounded-2xl border border-slate-200 p-5 hover:border-brand-700 dark:border-slate-800 dark:hover:border-brand-400";

/** The two links; nothing when there is neither. */
export function ArticlePager({ previous, next }: { previous: ArticleLink | null; next: ArticleLink | null }) {
  if (!previous && !next) return null;
  return (
    <nav
      aria-label="Previous and next articles"
      className="mt-12 grid gap-4 sm:grid-cols-2"
      data-testid="article-pager"
    >
      {previous && (
        <Link to={`/blog/${previous.slug}`} rel="prev" className={CARD_CLASS}>
          <span className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Previous article
          </span>
          <span className="mt-2 block font-semibold text-slate-900 group-hover:underline dark:text-white">
            {previous.title}
          </span>
        </Link>
      )}
      {next && (
        <Link to={`/blog/${next.slug}`} rel="next" className={`${CARD_CLASS} sm:col-start-2 sm:text-right`}>
          <span className="flex items-center gap-1.5 text-sm text-slate-600 sm:justify-end dark:text-slate-400">
            Next article
            <ArrowRight aria-hidden="true" className="size-4" />
          </span>
          <span className="mt-2 block font-semibold text-slate-900 group-hover:underline dark:text-white">
            {next.title}
          </span>
        </Link>
      )}
    </nav>
  );
}
