/**
 * An article's table of contents (rules 2.8, 3.1) as plain hash links, so it works without JavaScript;
 * drawn once, so its bytes count once toward the first round trip (rule 10.3).
 */
import { ChevronDown } from "lucide-react";
import type { ArticleHeading } from "../../content/article-schema";

/** The landmark's accessible name, like the legal pages' list (rule 2.9). */
const TOC_LABEL = "On this page";

const LINK_CLASS = "text-brand-700 underline-offset-4 hover:underline dark:text-brand-400";

/** The h2 list, and under an h2 its h3s, drawn by the same list one level in. */
function TocList({ headings, nested = false }: { headings: readonly ArticleHeading[]; nested?: boolean }) {
  return (
    <ol
      className={nested ? "mt-2 space-y-2 border-l border-slate-200 pl-3 dark:border-slate-800" : "space-y-2 text-sm"}
    >
      {headings.map((heading) => (
        <li key={heading.id}>
          <a href={`#${heading.id}`} className={LINK_CLASS}>
            {heading.text}
          </a>
          {heading.children && <TocList headings={heading.children} nested />}
        </li>
      ))}
    </ol>
  );
}

/** The contents: a closed `<details>` below 1280 px, open and sticky in the right margin from 1280 px; none without headings. */
export function ArticleToc({ headings }: { headings: readonly ArticleHeading[] }) {
  if (headings.length === 0) return null;
  return (
    <nav
      aria-label={TOC_LABEL}
      className="mb-10 xl:absolute xl:top-0 xl:bottom-0 xl:left-full xl:mb-0 xl:ml-8 xl:w-44"
      data-testid="article-toc"
    >
      <details className="group rounded-2xl border border-slate-200 xl:sticky xl:top-24 xl:max-h-[calc(100vh-7rem)] xl:overflow-y-auto xl:rounded-none xl:border-0 xl:pb-2 dark:border-slate-800 xl:[&::details-content]:[content-visibility:visible]">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl p-5 text-sm font-semibold marker:hidden xl:pointer-events-none xl:p-0 [&::-webkit-details-marker]:hidden">
          On This Page
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180 xl:hidden" />
        </summary>
        <div className="px-5 pb-5 xl:mt-3 xl:p-0">
          <TocList headings={headings} />
        </div>
      </details>
    </nav>
  );
}
