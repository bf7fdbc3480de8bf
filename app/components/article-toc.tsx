/**
 * An article's table of contents (rule 3.1): its h2 headings with their h3s
 * nested, as plain hash links, so it works before and without JavaScript and
 * scrolls like every hash link (rule 2.8). Drawn twice from the same list:
 * a closed `<details>` above the body below 1280 px, and a sticky list
 * beside the body from 1280 px, where the article column leaves room. Only
 * one of the two is displayed at any width, so only one landmark is exposed.
 */
import { ChevronDown } from "lucide-react";
import type { ArticleHeading } from "../../content/article-schema";

/** The landmark's accessible name, like the legal pages' list (rule 2.9). */
const TOC_LABEL = "On this page";

const LINK_CLASS = "text-brand-700 underline-offset-4 hover:underline dark:text-brand-400";

function TocList({ headings }: { headings: readonly ArticleHeading[] }) {
  return (
    <ol className="space-y-2 text-sm">
      {headings.map((heading) => (
        <li key={heading.id}>
          <a href={`#${heading.id}`} className={LINK_CLASS}>
            {heading.text}
          </a>
          {heading.children && (
            <ol className="mt-2 space-y-2 border-l border-slate-200 pl-3 dark:border-slate-800">
              {heading.children.map((child) => (
                <li key={child.id}>
                  <a href={`#${child.id}`} className={LINK_CLASS}>
                    {child.text}
                  </a>
                </li>
              ))}
            </ol>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The collapsible list above the body, shown below 1280 px; nothing when the article has no headings. */
export function ArticleTocDisclosure({ headings }: { headings: readonly ArticleHeading[] }) {
  if (headings.length === 0) return null;
  return (
    <nav aria-label={TOC_LABEL} className="mt-8 xl:hidden" data-testid="article-toc">
      <details className="group rounded-2xl border border-slate-200 dark:border-slate-800">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl p-5 text-sm font-semibold marker:hidden [&::-webkit-details-marker]:hidden">
          On This Page
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="px-5 pb-5">
          <TocList headings={headings} />
        </div>
      </details>
    </nav>
  );
}

/**
 * The list beside the body from 1280 px: placed in the right-hand margin of
 * the body's (relative) box and sticky below the header while the body
 * scrolls; nothing when the article has no headings.
 */
export function ArticleTocSidebar({ headings }: { headings: readonly ArticleHeading[] }) {
  if (headings.length === 0) return null;
  return (
    <nav aria-label={TOC_LABEL} className="absolute top-0 bottom-0 left-full ml-8 hidden w-44 xl:block">
      <div className="sticky top-24 max-h-[calc(100vh-7rem)] overflow-y-auto pb-2">
        <p className="text-sm font-semibold">On This Page</p>
        <div className="mt-3">
          <TocList headings={headings} />
        </div>
      </div>
    </nav>
  );
}
