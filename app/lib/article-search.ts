/** `/blog`'s filter (rule 3.3) and the site search's article matching (rule 3.8). */
import type MiniSearch from "minisearch";
import * as v from "valibot";
import { type SearchDocument, type SnippetPart, makeSnippet, searchDocuments } from "../../content/search-engine.ts";

export { MAX_QUERY_LENGTH } from "./blog-limits.ts";
import { MAX_QUERY_LENGTH } from "./blog-limits.ts";

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

/** The fields the blog's list and search look at. */
export interface SearchableArticle {
  slug: string;
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

/** An article `findArticles` kept, with the indexed words that matched. */
export interface ArticleMatch<T> {
  article: T;
  terms: string[];
}

/**
 * `/blog`'s filter (rule 3.3, the spec's own): the articles of `filters.category` (any when `null`) whose title,
 * excerpt or any tag holds `filters.q` as a case-insensitive substring, newest first (ties keep the given order). An
 * empty `q` keeps every article of the category.
 */
export function filterBlogArticles<T extends SearchableArticle>(articles: readonly T[], filters: BlogFilters): T[] {
  const needle = filters.q.toLowerCase();
  const holds = (text: string) => text.toLowerCase().includes(needle);
  return articles
    .filter(
      (article) =>
        (filters.category === null || article.categorySlug === filters.category) &&
        (needle === "" || holds(article.title) || holds(article.excerpt) || article.tags.some(holds)),
    )
    .sort(compareNewestFirst);
}

/**
 * The site search's articles (rule 3.8): those of `articles` (the ones a visitor may see now, rule 3.1) that
 * `searchDocuments` finds for `query` in `index` (built with `toArticleDocument`), best first, nothing for a blank
 * query; when none holds every word, those holding the most, `everyWord` then `false`.
 */
export function findArticles<T extends SearchableArticle>(
  index: MiniSearch<SearchDocument>,
  articles: readonly T[],
  query: string,
): { matches: Array<ArticleMatch<T>>; everyWord: boolean } {
  if (query.trim() === "") return { matches: [], everyWord: true };
  const bySlug = new Map(articles.map((article) => [article.slug, article]));
  const { hits, everyWord } = searchDocuments(index, query, (slug) => bySlug.has(slug), { partial: true });
  return { matches: hits.map(({ id, terms }) => ({ article: bySlug.get(id)!, terms })), everyWord };
}

/** The passage of `body` (plain text) around `terms`, else of the excerpt; `[]` without terms or a match (rule 3.8). */
export function makeArticleSnippet(
  article: { excerpt: string },
  body: string,
  terms: readonly string[],
): SnippetPart[] {
  if (terms.length === 0) return [];
  const fromBody = makeSnippet(body, terms);
  return fromBody.length > 0 ? fromBody : makeSnippet(article.excerpt, terms);
}
