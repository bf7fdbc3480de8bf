/** The site search's query and how an item matches it (rule 3.8); the items come from `site-search.server.ts`. */
import * as v from "valibot";
import { MAX_QUERY_LENGTH } from "./blog-limits";

/** `/search`'s URL query parameters; anything unusable becomes an empty query, never an error. */
export const SiteSearchParamsSchema = v.object({
  q: v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(MAX_QUERY_LENGTH)), ""),
});

/** Most words of a query that count; a longer query is cut, as a box of 100 characters allows about this many. */
export const MAX_SEARCH_TERMS = 12;

/** Reads `q` (cut to `MAX_QUERY_LENGTH` characters, trimmed); never throws. */
export function parseSiteQuery(params: URLSearchParams): string {
  return v.parse(SiteSearchParamsSchema, { q: (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH) }).q;
}

/** Runs of characters that are neither letters nor digits: they separate words. */
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/**
 * Text as search compares it: lower case, accents dropped, every run of other characters one space, with a space
 * before each word, so that `includes(" " + term)` finds words that start with the term ("fund" finds "funds",
 * not "refund").
 */
export function foldSearchText(text: string): string {
  const words = text.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase("en-US").replace(SEPARATORS, " ");
  return ` ${words.trim()}`;
}

/** The query's distinct words, folded, at most `MAX_SEARCH_TERMS`; `[]` for a blank query. */
export function splitSearchTerms(query: string): string[] {
  const words = foldSearchText(query).split(" ").filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/** An item's text as search reads it, each part already folded with `foldSearchText`. */
export interface SearchableText {
  title: string;
  /** The excerpt, tags or subtitle: what a card shows besides the title. */
  summary: string;
  body: string;
}

/** Weights of a term found in the title, the summary and the body. */
const WEIGHTS = { title: 3, summary: 2, body: 1 } as const;

/**
 * How well `text` matches `terms` (from `splitSearchTerms`): 0 when any term starts no word of the three parts
 * (every word must appear somewhere), else the sum over terms of the weight of the best part holding it.
 */
export function scoreSearchMatch(text: SearchableText, terms: readonly string[]): number {
  let score = 0;
  for (const term of terms) {
    const start = ` ${term}`;
    const weight = text.title.includes(start)
      ? WEIGHTS.title
      : text.summary.includes(start)
        ? WEIGHTS.summary
        : text.body.includes(start)
          ? WEIGHTS.body
          : 0;
    if (weight === 0) return 0;
    score += weight;
  }
  return score;
}

/** The entities the build's Markdown writes into body HTML, decoded for search. */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** Body HTML as folded plain text: tags become spaces, the common entities their characters. */
export function readSearchBody(html: string): string {
  return foldSearchText(
    html.replace(/<[^>]*>/g, " ").replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!),
  );
}
