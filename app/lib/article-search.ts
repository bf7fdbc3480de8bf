/** Blog search and filter (rule 3.3), on the site search's engine (rule 3.8) so both find the same articles. */
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

/** The articles' index (built with `toArticleDocument` of `content/search-engine.ts`) and a reader of each article's plain body, for snippets. */
export interface ArticleIndex {
  index: MiniSearch<SearchDocument>;
  /** The plain text of the article with this slug, `""` when unknown. */
  readBody: (slug: string) => string;
}

/** An article found by search, with the passage that matched (`[]` when only the title matched). */
export type ArticleHit<T> = T & { snippet: SnippetPart[] };

/** An article `findArticles` kept, with the indexed words that matched (`[]` without words). */
export interface ArticleMatch<T> {
  article: T;
  terms: string[];
}

/**
 * Filters `articles` (those a visitor may see now, rule 3.1) by `filters` (rules 3.3 and 3.8): the one rule of
 * `/blog`'s box and `/search`. Without words: every article of the category, newest first, and `index` may be
 * `null`. With words: those `searchDocuments` finds in `index` (built with `toArticleDocument`), best first.
 */
export function findArticles<T extends SearchableArticle>(
  index: MiniSearch<SearchDocument> | null,
  articles: readonly T[],
  filters: BlogFilters,
): Array<ArticleMatch<T>> {
  const inCategory = articles.filter(
    (article) => filters.category === null || article.categorySlug === filters.category,
  );
  if (filters.q.trim() === "") return inCategory.sort(compareNewestFirst).map((article) => ({ article, terms: [] }));
  if (!index) throw new Error("findArticles: a search with words needs the index");
  const bySlug = new Map(inCategory.map((article) => [article.slug, article]));
  return searchDocuments(index, filters.q, (slug) => bySlug.has(slug)).map(({ id, terms }) => ({
    article: bySlug.get(id)!,
    terms,
  }));
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

/** `findArticles` with every hit's snippet, for callers that hold all bodies (`articleIndex.readBody`). */
export function searchArticles<T extends SearchableArticle>(
  articleIndex: ArticleIndex,
  articles: readonly T[],
  filters: BlogFilters,
): Array<ArticleHit<T>> {
  return findArticles(articleIndex.index, articles, filters).map(({ article, terms }) => ({
    ...article,
    snippet: makeArticleSnippet(article, articleIndex.readBody(article.slug), terms),
  }));
}
