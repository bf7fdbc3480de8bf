/**
 * The one search rule of the site (rules 3.3 and 3.8) on MiniSearch (decision 020): BM25 ranking with the title
 * and summary boosted over the body, prefix matching from three letters, one typo forgiven from five letters, and
 * a snippet of the passage that matched. `/blog` and `/search` both call `searchDocuments`.
 */
import MiniSearch, { type Options, type SearchOptions } from "minisearch";

/** A searchable item: `id` is its slug or id; `summary` holds the excerpt and tags, the preheader or the subtitle. */
export interface SearchDocument {
  id: string;
  title: string;
  summary: string;
  /** Plain text, no markup (see `readPlainText`). */
  body: string;
}

/** An article as the index holds it: the excerpt and tags are its summary, the body (HTML) becomes plain text. */
export function toArticleDocument(article: {
  slug: string;
  title: string;
  excerpt: string;
  tags: readonly string[];
  html: string;
}): SearchDocument {
  return {
    id: article.slug,
    title: article.title,
    summary: [article.excerpt, ...article.tags].join(" \n "),
    body: readPlainText(article.html),
  };
}

/** Runs of characters that are neither letters nor digits: they separate words. */
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** Words of ASCII letters and digits only (what `SEPARATORS` leaves of plain English). */
const ASCII_ONLY = /^[0-9A-Za-z]*$/;

/** A word as search compares it: lower case, accents dropped ("Épargne" is "epargne"). */
export function foldWord(word: string): string {
  // Most words are ASCII, for which this is plain lower case; the full fold (`toLocaleLowerCase` with a locale in
  // particular) cost 5 ms per article's snippet in workerd, most of a search page's render.
  if (ASCII_ONLY.test(word)) return word.toLowerCase();
  return word.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase("en-US");
}

/** Words shorter than this match whole words only: "ai" must not find "aim" or "air". */
export const MIN_PREFIX_LENGTH = 3;

/** Words at least this long still find their word with one letter wrong, added, dropped or swapped for another. */
export const MIN_FUZZY_LENGTH = 5;

/** Boosts of a word found in the title and in the summary over one in the body (rule 3.8). */
export const FIELD_BOOSTS = { title: 3, summary: 2, body: 1 } as const;

/** Index options: the same at build time and at load time, or a loaded index would not match its queries. */
export const INDEX_OPTIONS: Options<SearchDocument> = {
  fields: ["title", "summary", "body"],
  tokenize: (text) => text.split(SEPARATORS).filter(Boolean),
  processTerm: (term) => foldWord(term) || null,
};

/** Query options: every word must match (rule 3.8); prefix and typo tolerance by word length, as above. */
const QUERY_OPTIONS: SearchOptions = {
  combineWith: "AND",
  boost: { title: FIELD_BOOSTS.title, summary: FIELD_BOOSTS.summary },
  prefix: (term) => term.length >= MIN_PREFIX_LENGTH,
  fuzzy: (term) => (term.length >= MIN_FUZZY_LENGTH ? 1 : false),
};

/** Most words of a query that count; a box of 100 characters holds about this many. */
export const MAX_SEARCH_TERMS = 12;

/** Builds an index of `documents` (at build time for articles, once per isolate for the rest). */
export function createSearchIndex(documents: readonly SearchDocument[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(INDEX_OPTIONS);
  index.addAll(documents);
  return index;
}

/** Loads an index serialised with `JSON.stringify(index)` by the build. */
export function loadSearchIndex(json: string): MiniSearch<SearchDocument> {
  return MiniSearch.loadJSON<SearchDocument>(json, INDEX_OPTIONS);
}

/** One hit: the item's id and the indexed words that matched, for the snippet. */
export interface SearchHit {
  id: string;
  /** Folded words of the item that matched the query (after prefix or typo expansion). */
  terms: string[];
}

/**
 * The items of `index` matching `query`, best first (BM25 with `FIELD_BOOSTS`), keeping only those `isVisible`
 * allows (so items scheduled for later join when their moment comes, rule 3.1). A blank query finds nothing.
 */
export function searchDocuments(
  index: MiniSearch<SearchDocument>,
  query: string,
  isVisible: (id: string) => boolean,
): SearchHit[] {
  const words = [...new Set(query.split(SEPARATORS).map(foldWord).filter(Boolean))].slice(0, MAX_SEARCH_TERMS);
  if (words.length === 0) return [];
  return index
    .search(words.join(" "), { ...QUERY_OPTIONS, filter: (result) => isVisible(String(result.id)) })
    .map((result) => ({ id: String(result.id), terms: result.terms }));
}

/** The entities the build's Markdown writes into HTML, decoded for search. */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** HTML as plain text: tags become spaces, the common entities their characters, runs of space one space. */
export function readPlainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, " ")
    .trim();
}

/** A piece of a snippet; `mark` pieces are words that matched, drawn in `<mark>`. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

/** Words a snippet shows around the passage that matched. */
export const SNIPPET_WORDS = 28;

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The passage of `text` of `SNIPPET_WORDS` words that holds the most distinct `terms` (from a `SearchHit`), with
 * those words marked; `[]` when no word of `text` matched. An ellipsis stands for cut text at either end.
 */
export function makeSnippet(text: string, terms: readonly string[]): SnippetPart[] {
  const wanted = new Set(terms);
  const words = [...text.matchAll(WORD)].map((match) => {
    const folded = foldWord(match[0]);
    return { start: match.index, end: match.index + match[0].length, hit: wanted.has(folded), folded };
  });
  let best = -1;
  let bestCount = 0;
  words.forEach((word, at) => {
    if (!word.hit) return;
    const seen = new Set(
      words
        .slice(at, at + SNIPPET_WORDS)
        .filter((w) => w.hit)
        .map((w) => w.folded),
    );
    if (seen.size > bestCount) [best, bestCount] = [at, seen.size];
  });
  if (best < 0) return [];
  const first = Math.max(0, best - 6);
  const last = Math.min(words.length, first + SNIPPET_WORDS) - 1;
  const parts: SnippetPart[] = [];
  let cursor = words[first]!.start;
  if (first > 0) parts.push({ text: "…", mark: false });
  for (const word of words.slice(first, last + 1)) {
    if (!word.hit) continue;
    if (word.start > cursor) parts.push({ text: text.slice(cursor, word.start), mark: false });
    parts.push({ text: text.slice(word.start, word.end), mark: true });
    cursor = word.end;
  }
  const end = last === words.length - 1 ? text.length : words[last]!.end;
  if (end > cursor) parts.push({ text: text.slice(cursor, end), mark: false });
  if (end < text.length) parts.push({ text: "…", mark: false });
  return parts;
}
