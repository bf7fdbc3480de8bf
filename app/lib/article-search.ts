/** Blog search and filter (rule 3.3). */
import * as v from "valibot";

export { MAX_QUERY_LENGTH } from "./blog-limits";
import { MAX_QUERY_LENGTH } from "./blog-limits";

/** The blog's URL query parameters; anything unusable becomes "no filter". */
export const BlogSearchParamsSchema = v.object({
  q: v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(MAX_QUERY_LENGTH)), ""),
  category: v.fallback(v.nullable(v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/))), null),
});

/** Parsed blog filters. */
export type BlogFilters = v.InferOutput<typeof BlogSearchParamsSchema>;

/** Reads the filters from search parameters; never throws (an unusable value means no filter). */
export function parseBlogFilters(params: URLSearchParams): BlogFilters {
  const q = params.get("q") ?? "";
  return v.parse(BlogSearchParamsSchema, {
    q: q.length > MAX_QUERY_LENGTH ? q.slice(0, MAX_QUERY_LENGTH) : q,
    category: params.get("category"),
  });
}

/** The fields search looks at. */
export interface SearchableArticle {
  title: string;
  excerpt: string;
  tags: readonly string[];
  categorySlug: string;
  /** ISO date `YYYY-MM-DD`. */
  publishedAt: string;
}

/** Newest first; ISO dates sort by code units, and `localeCompare` costs many times the CPU on every /blog render. */
export function compareNewestFirst(a: { publishedAt: string }, b: { publishedAt: string }): number {
  return a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0;
}

/** Filters articles (rule 3.3) into a new array, newest first; ties keep their input order. */
export function searchArticles<T extends SearchableArticle>(articles: readonly T[], filters: BlogFilters): T[] {
  const needle = filters.q.trim().toLocaleLowerCase("en-US");
  return articles
    .filter((article) => filters.category === null || article.categorySlug === filters.category)
    .filter(
      (article) =>
        needle === "" ||
        article.title.toLocaleLowerCase("en-US").includes(needle) ||
        article.excerpt.toLocaleLowerCase("en-US").includes(needle) ||
        article.tags.some((tag) => tag.toLocaleLowerCase("en-US").includes(needle)),
    )
    .sort(compareNewestFirst);
}
