/** An article card (rules 3.3 to 3.5); the cover is decorative (`alt=""`), as the title beside it names the article. */
import { clsx } from "clsx";
import { Clock } from "lucide-react";
import { Link } from "react-router";
import { CARD_TAG_COUNT, buildTagHref } from "../../content/tags";
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH } from "../../content/article-image";
import type { ArticleCardData } from "../../content/article-schema";
import { formatLongDate } from "../lib/dates";
import type { SnippetPart } from "../../content/search-engine";
import { PublicationMark } from "./publication-mark";
import { GRID_CARD_SIZES, ResponsiveImage } from "./responsive-image";

/** A card's article; a search result adds the passage that matched (rule 3.8). */
export type ArticleCardItem = ArticleCardData & { snippet?: readonly SnippetPart[] };

/**
 * The card; `headingLevel` keeps the outline right under an h2, `priority` marks the first image above the fold;
 * `compact` (search results) leaves the cover out on a phone, where it would take a screen per result, and never
 * loads it there (a lazy image that is not displayed is not fetched).
 */
export function ArticleCard({
  article,
  headingLevel = 2,
  priority = false,
  compact = false,
}: {
  article: ArticleCardItem;
  headingLevel?: 2 | 3;
  priority?: boolean;
  compact?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition-shadow hover:shadow-lg dark:border-slate-800 dark:bg-slate-900">
      <ResponsiveImage
        src={article.image}
        alt=""
        width={ARTICLE_IMAGE_WIDTH}
        height={ARTICLE_IMAGE_HEIGHT}
        sizes={GRID_CARD_SIZES}
        priority={priority && !compact}
        className={clsx("aspect-[1200/630] w-full object-cover", compact && "hidden sm:block")}
      />
      <div className={compact ? "flex flex-1 flex-col p-4 sm:p-5" : "flex flex-1 flex-col p-5"}>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <PublicationMark article={article} />
          <span className="font-semibold text-brand-700 dark:text-brand-400">{article.category}</span>
          <span className="flex items-center gap-1 text-slate-600 dark:text-slate-400">
            <Clock aria-hidden="true" className="size-3.5" />
            {article.readTime}
          </span>
        </p>
        <Heading className="mt-2 text-xl leading-snug font-bold">
          <Link
            to={`/blog/${article.slug}`}
            prefetch="intent"
            className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700 dark:group-hover:text-brand-300"
          >
            {article.title}
          </Link>
        </Heading>
        {article.snippet && article.snippet.length > 0 ? (
          <p className="mt-2 flex-1 text-slate-600 dark:text-slate-300" data-testid="search-snippet">
            {article.snippet.map((part, index) =>
              part.mark ? (
                <mark
                  key={index}
                  className="rounded-sm bg-amber-200 px-0.5 text-slate-900 dark:bg-amber-400/30 dark:text-amber-100"
                >
                  {part.text}
                </mark>
              ) : (
                part.text
              ),
            )}
          </p>
        ) : (
          <p className="mt-2 flex-1 text-slate-600 dark:text-slate-300">{article.excerpt}</p>
        )}
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
          {article.tags.slice(0, CARD_TAG_COUNT).map((tag) => (
            <li key={tag}>
              {/* Above the card's stretched title link, so a press on a tag opens the tag's page. */}
              <Link
                to={buildTagHref(tag)}
                className="relative z-10 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700"
              >
                {tag}
              </Link>
            </li>
          ))}
        </ul>
        {/* Last, so the dates of a row of cards line up whatever their tags take. */}
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" data-testid="card-date">
          <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>
        </p>
      </div>
    </article>
  );
}

/**
 * A grid of cards; `eagerFirst` (default `true`) loads the first cover at high priority, `false` below the fold;
 * `compact` cards for search results.
 */
export function ArticleGrid({
  articles,
  headingLevel,
  eagerFirst = true,
  compact = false,
}: {
  articles: ArticleCardItem[];
  headingLevel?: 2 | 3;
  eagerFirst?: boolean;
  compact?: boolean;
}) {
  return (
    <ul
      className={
        compact ? "grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3" : "grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      }
    >
      {articles.map((article, index) => (
        <li key={article.slug}>
          <ArticleCard
            article={article}
            headingLevel={headingLevel}
            priority={eagerFirst && index === 0}
            compact={compact}
          />
        </li>
      ))}
    </ul>
  );
}
