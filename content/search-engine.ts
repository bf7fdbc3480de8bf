/**
 * The site search's rule (rule 3.8) on MiniSearch (decision 020): BM25 ranking with the title and summary boosted
 * over the body, prefix matching from three letters, one typo forgiven from five letters in a word the index does
 * not hold, the best partial matches when no item has every word, and a snippet of the passage that matched.
 */
import { listArticleHeadings } from "./article-headings.ts";
import MiniSearch, { type Options, type SearchOptions, type SearchResult } from "minisearch";

/** A searchable item: `id` is its slug or id; `summary` holds the excerpt and tags, the preheader or the subtitle. */
export interface SearchDocument {
  id: string;
  title: string;
  summary: string;
  /** An article's section headings, one a line (`""` for other items); a word there says what a section is about. */
  headings?: string;
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
    headings: listArticleHeadings(article.html)
      .flatMap((heading) => [heading.text, ...(heading.children ?? []).map((child) => child.text)])
      .join("\n"),
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

/** Boosts of a word found in the title, the summary and an article's headings over one in the body (rule 3.8). */
export const FIELD_BOOSTS = { title: 3, summary: 2, headings: 2, body: 1 } as const;

/** Index options: the same at build time and at load time, or a loaded index would not match its queries. */
export const INDEX_OPTIONS: Options<SearchDocument> = {
  fields: ["title", "summary", "headings", "body"],
  tokenize: (text) => text.split(SEPARATORS).filter(Boolean),
  processTerm: (term) => foldWord(term) || null,
};

/** Query options: every word must match (rule 3.8); prefix and typo tolerance by word length, as above. */
const QUERY_OPTIONS: SearchOptions = {
  combineWith: "AND",
  boost: { title: FIELD_BOOSTS.title, summary: FIELD_BOOSTS.summary, headings: FIELD_BOOSTS.headings },
  prefix: (term) => term.length >= MIN_PREFIX_LENGTH,
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

/** What a search found: the hits, best first, and whether each holds every word of the query. */
export interface SearchOutcome {
  hits: SearchHit[];
  /** `false` when no item held every word and `hits` are those holding the most of them (rule 3.8). */
  everyWord: boolean;
}

/**
 * Words that say how a question is asked, not what it is about; a query drops them, and its one-letter words, unless
 * nothing else is left (rule 3.8), so "how much should I save" asks for "much save".
 */
const STOP_WORDS = new Set(
  (
    "a an and are as at be but by can could did do does for from had has have how i if in into is it its me my of " +
    "on or our should so than that the their them then there these they this those to was we were what when where " +
    "which who why will with would you your"
  ).split(" "),
);

/**
 * The words of `query` that count: folded, each once, at most `MAX_SEARCH_TERMS`; stop words and single letters (not
 * single digits) dropped when other words remain.
 */
export function readQueryWords(query: string): string[] {
  const words = [...new Set(query.split(SEPARATORS).map(foldWord).filter(Boolean))];
  const meaningful = words.filter((word) => !STOP_WORDS.has(word) && !/^\p{L}$/u.test(word));
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_SEARCH_TERMS);
}

/**
 * The items of `index` matching `query`, best first (BM25 with `FIELD_BOOSTS`), keeping only those `isVisible`
 * allows (so items scheduled for later join when their moment comes, rule 3.1). A word of `MIN_FUZZY_LENGTH` letters
 * or more that no item holds (nor begins) is taken as a typo and matches words one letter away; a word some item
 * holds matches only itself, so a correct word never marks its neighbours. When no item holds every word and
 * `partial` is set, the items holding the most words come instead, `everyWord` then `false`. A blank query finds
 * nothing.
 */
export function searchDocuments(
  index: MiniSearch<SearchDocument>,
  query: string,
  isVisible: (id: string) => boolean,
  { partial = false }: { partial?: boolean } = {},
): SearchOutcome {
  const words = readQueryWords(query);
  if (words.length === 0) return { hits: [], everyWord: true };
  const typos = new Set(
    words.filter((word) => word.length >= MIN_FUZZY_LENGTH && index.search(word, QUERY_OPTIONS).length === 0),
  );
  const options: SearchOptions = {
    ...QUERY_OPTIONS,
    fuzzy: (term) => (typos.has(term) ? 1 : false),
    filter: (result) => isVisible(String(result.id)),
  };
  const toHit = (result: SearchResult) => ({ id: String(result.id), terms: result.terms });
  const every = index.search(words.join(" "), options);
  if (every.length > 0 || !partial || words.length < 2) return { hits: every.map(toHit), everyWord: true };
  const some = index.search(words.join(" "), { ...options, combineWith: "OR" });
  const most = Math.max(0, ...some.map((result) => result.queryTerms.length));
  // Stable: among items holding as many words, BM25's order stays.
  const best = some.filter((result) => result.queryTerms.length === most);
  return { hits: best.map(toHit), everyWord: false };
}

/** The entities the build's Markdown writes into HTML, decoded for search. */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** Elements whose end ends a block of text: a heading, a paragraph, an item, a cell. */
const BLOCK_END = /<\/(?:h[1-6]|p|li|dt|dd|td|th|tr|blockquote|pre|div|figcaption|caption)>|<br\s*\/?>/gi;

/**
 * HTML as plain text: each block (heading, paragraph, item, cell) on a line of its own, other tags dropped (they sit
 * inside words and beside punctuation: `<em>index</em>,` is "index,"), the
 * common entities their characters, runs of space one space.
 */
export function readPlainText(html: string): string {
  return html
    .replace(BLOCK_END, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n[\s]*/g, "\n")
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
 * The passage of `text` (from `readPlainText`: one block a line) of at most `SNIPPET_WORDS` words, inside one block,
 * that holds the most distinct `terms` (from a `SearchHit`), with those words marked; `[]` when no word of `text`
 * matched. A passage never runs a heading into the text after it; an ellipsis stands for cut text at either end of
 * its block.
 */
export function makeSnippet(text: string, terms: readonly string[]): SnippetPart[] {
  const wanted = new Set(terms);
  let block = 0;
  let scanned = 0;
  const words = [...text.matchAll(WORD)].map((match) => {
    for (; scanned < match.index; scanned++) if (text.charCodeAt(scanned) === 10) block++;
    const folded = foldWord(match[0]);
    return { start: match.index, end: match.index + match[0].length, hit: wanted.has(folded), folded, block };
  });
  let best = -1;
  let bestCount = 0;
  words.forEach((word, at) => {
    if (!word.hit) return;
    const seen = new Set(
      words
        .slice(at, at + SNIPPET_WORDS)
        .filter((w) => w.hit && w.block === word.block)
        .map((w) => w.folded),
    );
    if (seen.size > bestCount) [best, bestCount] = [at, seen.size];
  });
  if (best < 0) return [];
  const inBlock = (at: number) => words[at]?.block === words[best]!.block;
  let first = best;
  while (first > best - 6 && inBlock(first - 1)) first--;
  let last = first;
  while (last < first + SNIPPET_WORDS - 1 && inBlock(last + 1)) last++;
  const blockStart = text.lastIndexOf("\n", words[first]!.start) + 1;
  const newline = text.indexOf("\n", words[last]!.end);
  const blockEnd = newline < 0 ? text.length : newline;
  const parts: SnippetPart[] = [];
  let cursor = inBlock(first - 1) ? words[first]!.start : blockStart;
  if (cursor > blockStart) parts.push({ text: "…", mark: false });
  for (const word of words.slice(first, last + 1)) {
    if (!word.hit) continue;
    if (word.start > cursor) parts.push({ text: text.slice(cursor, word.start), mark: false });
    parts.push({ text: text.slice(word.start, word.end), mark: true });
    cursor = word.end;
  }
  const end = inBlock(last + 1) ? words[last]!.end : blockEnd;
  if (end > cursor) parts.push({ text: text.slice(cursor, end), mark: false });
  if (end < blockEnd) parts.push({ text: "…", mark: false });
  return parts;
}
