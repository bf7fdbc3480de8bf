/**
 * Where the compiled content lives among the static files (decision 021): paths under `CONTENT_PREFIX`, which the
 * worker reads through its `ASSETS` binding and never serves to a visitor. Shared by the build, which writes them,
 * the dev server, which answers them, and the worker's reader (`content/content-store.server.ts`).
 */
import * as v from "valibot";

/** Path prefix of every content file; a request from outside for one is a 404 (rule 3.1). */
export const CONTENT_PREFIX = "/_content/";

/** The catalogue: every article's summary, newest first, with the content's version. */
export const CATALOGUE_PATH = `${CONTENT_PREFIX}catalogue.json`;

/**
 * The content's version and whether it is the dev server's preview, a few dozen bytes whatever the archive holds:
 * with the year's publication moments, all a cached page's key needs (a cold isolate reads no catalogue for a hit).
 */
export const CONTENT_HEAD_PATH = `${CONTENT_PREFIX}head.json`;

/** The head file: the catalogue's `version` and `preview` (see `ContentCatalogueSchema`). */
export const ContentHeadSchema = v.object({
  version: v.pipe(v.string(), v.regex(/^[0-9a-f]{8,64}$/)),
  preview: v.boolean(),
});

/**
 * When the articles and issues dated in UTC year `year` come out (ms since the epoch, ascending). A page cache key
 * counts those of the current year only: every earlier one is out and every later one is not, whatever the archive.
 */
export function buildMomentsPath(year: number): string {
  return `${CONTENT_PREFIX}moments/${year}.json`;
}

/** One year's moments file. */
export const YearMomentsSchema = v.array(v.pipe(v.number(), v.integer()));

/** The articles' search index, `JSON.stringify` of a MiniSearch (decision 020). */
export const SEARCH_INDEX_PATH = `${CONTENT_PREFIX}search-index.json`;

/** The newsletter issues' search index, likewise. */
export const ISSUE_SEARCH_INDEX_PATH = `${CONTENT_PREFIX}issue-search-index.json`;

/** One newsletter issue's file: the issue with its bodies (HTML and plain text). */
export function buildIssuePath(slug: string): string {
  return `${CONTENT_PREFIX}issues/${slug}.json`;
}

/** One article's file: the article with its body, and the body as plain text for search snippets. */
export function buildArticlePath(slug: string): string {
  return `${CONTENT_PREFIX}articles/${slug}.json`;
}

/** Whether a request path names a content file (or could, under another spelling of the prefix). */
export function isContentPath(pathname: string): boolean {
  return pathname.toLowerCase().startsWith(CONTENT_PREFIX.slice(0, -1));
}

/** The fields of one summary the worker relies on before it trusts the rest; checked once per isolate. */
const CatalogueEntrySchema = v.looseObject({
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)),
  title: v.string(),
  publishedAt: v.string(),
  categorySlug: v.string(),
  tags: v.array(v.string()),
  image: v.string(),
});

/** The fields of one issue's summary the worker relies on. */
const IssueEntrySchema = v.looseObject({
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)),
  title: v.string(),
  sendAt: v.string(),
});

/**
 * The catalogue file: `version`, a hash of every content file (part of the page cache's key); `preview`, true only
 * from the dev server, which lists drafts and scheduled articles (rule 3.1); `articles`, summaries newest first;
 * `issues`, the newsletter issues' summaries, oldest send first.
 */
export const ContentCatalogueSchema = v.object({
  version: v.pipe(v.string(), v.regex(/^[0-9a-f]{8,64}$/)),
  preview: v.boolean(),
  articles: v.array(CatalogueEntrySchema),
  issues: v.array(IssueEntrySchema),
});

/** One issue's file. */
export const IssueFileSchema = v.object({
  issue: v.looseObject({ slug: v.string(), html: v.string(), text: v.string(), sendAt: v.string() }),
});

/** One article's file. */
export const ArticleFileSchema = v.object({
  article: v.looseObject({ slug: v.string(), html: v.string(), publishedAt: v.string() }),
  text: v.string(),
});
