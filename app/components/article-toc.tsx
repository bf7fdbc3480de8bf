/**
 * An article's table of contents (rules 2.8, 3.1) as plain hash links, so it works without JavaScript;
 * drawn once, so its bytes count once toward the first round trip (rule 10.3). After hydration it marks the
 * section being read with `aria-current="location"`.
 */
import { ChevronDown } from "lucide-react";
import { useEffect, useState } from "react";
import type { ArticleHeading } from "../../content/article-schema";

/** The landmark's accessible name, like the legal pages' list (rule 2.9). */
const TOC_LABEL = "On this page";

const LINK_CLASS =
  "text-brand-700 underline-offset-4 hover:underline aria-[current=location]:font-semibold aria-[current=location]:text-slate-900 dark:text-brand-400 dark:aria-[current=location]:text-white";

/**
 * The share of the viewport's height, from the top, a heading must have passed for its section to count as the one
 * being read: a section is read from the upper part of the screen, and a heading just scrolled to sits near the top.
 */
const READING_LINE = 0.3;

/** Every heading's id in reading order, h3s after their h2. */
function listHeadingIds(headings: readonly ArticleHeading[]): string[] {
  return headings.flatMap((heading) => [heading.id, ...(heading.children ?? []).map((child) => child.id)]);
}

/**
 * The id of the section being read: the last heading above the reading line, or `null` above the first one. Watches
 * the headings with an IntersectionObserver whose box ends at the reading line, so it runs only when a heading
 * crosses that line; nothing runs before hydration or without scripts.
 */
function useCurrentSection(ids: readonly string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const key = ids.join(" ");
  useEffect(() => {
    const elements = key
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((element) => element !== null);
    if (elements.length === 0 || typeof IntersectionObserver === "undefined") return;
    const update = () => {
      const line = window.innerHeight * READING_LINE;
      const passed = elements.filter((element) => element.getBoundingClientRect().top <= line);
      setCurrent(passed.at(-1)?.id ?? null);
    };
    const observer = new IntersectionObserver(update, {
      rootMargin: `0px 0px -${100 - READING_LINE * 100}% 0px`,
    });
    for (const element of elements) observer.observe(element);
    update();
    return () => observer.disconnect();
  }, [key]);
  return current;
}

/** The h2 list, and under an h2 its h3s, drawn by the same list one level in. */
function TocList({
  headings,
  current,
  nested = false,
}: {
  headings: readonly ArticleHeading[];
  current: string | null;
  nested?: boolean;
}) {
  return (
    <ol
      className={nested ? "mt-2 space-y-2 border-l border-slate-200 pl-3 dark:border-slate-800" : "space-y-2 text-sm"}
    >
      {headings.map((heading) => (
        <li key={heading.id}>
          <a
            href={`#${heading.id}`}
            className={LINK_CLASS}
            aria-current={heading.id === current ? "location" : undefined}
          >
            {heading.text}
          </a>
          {heading.children && <TocList headings={heading.children} current={current} nested />}
        </li>
      ))}
    </ol>
  );
}

/** The contents: a closed `<details>` below 1280 px, open and sticky in the right margin from 1280 px; none without headings. */
export function ArticleToc({ headings }: { headings: readonly ArticleHeading[] }) {
  const current = useCurrentSection(listHeadingIds(headings));
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
          <TocList headings={headings} current={current} />
        </div>
      </details>
    </nav>
  );
}
