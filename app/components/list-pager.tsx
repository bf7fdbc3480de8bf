/** The links between the pages of a list of cards (rule 3.9): plain links, so they work before any script runs. */
import { ArrowLeft, ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buildPageHref } from "../../core/pagination";

const LINK_CLASS =
  "inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-4 py-2 font-semibold text-brand-700 hover:border-brand-700 dark:border-slate-700 dark:text-brand-400 dark:hover:border-brand-400";

/**
 * Newer and older pages of the list at `path` around page `page` of `pageCount` (both from 1); nothing when the list
 * fits one page. `params` are the list's own query parameters, kept on every link; a list `byRelevance` (a search)
 * names its pages "Better matches" and "More results", as its order is not by date; `labels` name them otherwise
 * (a list of issues).
 */
export function ListPager({
  path,
  page,
  pageCount,
  params,
  byRelevance = false,
  labels = byRelevance
    ? { previous: "Better matches", next: "More results" }
    : { previous: "Newer articles", next: "Older articles" },
}: {
  path: string;
  page: number;
  pageCount: number;
  params?: Record<string, string | null>;
  byRelevance?: boolean;
  labels?: { previous: string; next: string };
}) {
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label="Pages"
      className="mt-10 flex flex-wrap items-center justify-between gap-4"
      data-testid="list-pager"
    >
      {page > 1 ? (
        <Link to={buildPageHref(path, page - 1, params)} rel="prev" className={LINK_CLASS}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {labels.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={buildPageHref(path, page + 1, params)} rel="next" className={LINK_CLASS}>
          {labels.next}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
