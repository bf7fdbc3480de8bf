/**
 * The worker's reader of the compiled content (decision 021): the head (version) and a year's publication moments for
 * the page cache's key, the catalogue and the search indexes once per isolate,
 * one article or issue file per page. The files are static assets under `/_content/`, read through the `ASSETS` binding, so
 * the worker's bundle and its start do not grow with the archive. Under `npm run dev` the same binding reaches the
 * dev server, which answers from the Markdown as it is now; then nothing is kept between requests.
 */
import type MiniSearch from "minisearch";
import * as v from "valibot";
import type { Article, ArticleSummary } from "./article-schema";
import {
  ArticleFileSchema,
  CATALOGUE_PATH,
  CONTENT_HEAD_PATH,
  ContentCatalogueSchema,
  ContentHeadSchema,
  YearMomentsSchema,
  buildMomentsPath,
  ISSUE_SEARCH_INDEX_PATH,
  IssueFileSchema,
  SEARCH_INDEX_PATH,
  buildArticlePath,
  buildIssuePath,
} from "./content-files";
import type { NewsletterIssue } from "./newsletter-issue-schema";
import { type SearchDocument, loadSearchIndex } from "./search-engine";

/** What reads static files: the `ASSETS` binding. */
export interface AssetReader {
  fetch(input: Request): Promise<Response>;
}

/** The catalogue as the worker uses it. */
export interface ContentCatalogue {
  /** Hash of every content file; the page cache counts it in its key. */
  version: string;
  /** True only under the dev server: drafts and scheduled articles are listed, marked (rule 3.1). */
  preview: boolean;
  /** Every article without its body, newest first, scheduled ones included. */
  articles: readonly ArticleSummary[];
  /** Every newsletter issue without its bodies, oldest send first, those still to go out included. */
  issues: readonly NewsletterIssueSummary[];
}

/** An issue without its bodies: the index, the feed and the sitemap read these. */
export type NewsletterIssueSummary = Omit<NewsletterIssue, "html" | "text">;

/** One article with its body, and the body as plain text (for search snippets). */
export interface ArticleFile {
  article: Article;
  text: string;
}

/** The content of this deployment (or of the dev server's Markdown). */
export interface ContentStore {
  readCatalogue(): Promise<ContentCatalogue>;
  /** The content's version and whether it is the preview, from a file of a few bytes (`CONTENT_HEAD_PATH`). */
  readHead(): Promise<{ version: string; preview: boolean }>;
  /** When the items of UTC year `year` come out (ms, ascending); `[]` for a year with none. */
  readYearMoments(year: number): Promise<readonly number[]>;
  /** The article's file, or `undefined` when no article has this slug. */
  readArticle(slug: string): Promise<ArticleFile | undefined>;
  readSearchIndex(): Promise<MiniSearch<SearchDocument>>;
  /** The issue's file, or `undefined` when no issue has this slug. */
  readIssue(slug: string): Promise<NewsletterIssue | undefined>;
  readIssueSearchIndex(): Promise<MiniSearch<SearchDocument>>;
}

/** How many years of publication moments an isolate keeps: this one, and the next at a new year's midnight. */
const KEPT_YEAR_COUNT = 2;

/**
 * How many article files an isolate keeps: a whole page of `/search` results (24 articles read for their snippets,
 * rule 3.9), an article's page read again by its render, and a few popular ones.
 */
const KEPT_ARTICLE_COUNT = 32;

/** The binding looks only at the path; under `npm run dev` it reaches the dev server, which answers only local hosts. */
const ASSET_ORIGIN = "http://localhost";

/**
 * Reads the file at `path` as JSON checked by `schema`, or `undefined` on a 404.
 * @throws Error on any other status or a file the schema refuses: the build wrote it, so it is a fault, not input.
 */
async function readContentFile<T extends v.GenericSchema>(
  assets: AssetReader,
  path: string,
  schema: T,
): Promise<v.InferOutput<T> | undefined> {
  const response = await assets.fetch(new Request(ASSET_ORIGIN + path));
  if (response.status === 404) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.ok) throw new Error(`content file ${path}: status ${response.status}`);
  const parsed = v.safeParse(schema, await response.json());
  if (!parsed.success) throw new Error(`content file ${path}: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}

/** Reads the file at `path`, which must exist. @throws Error when it is missing (a build without its content). */
async function readRequiredFile<T extends v.GenericSchema>(
  assets: AssetReader,
  path: string,
  schema: T,
): Promise<v.InferOutput<T>> {
  const found = await readContentFile(assets, path, schema);
  if (found === undefined) throw new Error(`content file ${path} is missing: run the build`);
  return found;
}

/** A value read once per isolate, or on every call while the catalogue is the dev server's (`preview`). */
function keepOnce<T>(read: () => Promise<T>, isPreview: () => Promise<boolean>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return async () => {
    const preview = await isPreview();
    const loading = (!preview && kept) || read();
    kept = preview ? undefined : loading;
    // A failed read is not kept, so the next request tries again.
    return loading.catch((error: unknown) => {
      kept = undefined;
      throw error;
    });
  };
}

/** Reads a search index file. @throws Error when it is missing or unreadable. */
async function readIndexFile(assets: AssetReader, path: string): Promise<MiniSearch<SearchDocument>> {
  const response = await assets.fetch(new Request(ASSET_ORIGIN + path));
  if (!response.ok) throw new Error(`content file ${path}: status ${response.status}`);
  return loadSearchIndex(await response.text());
}

function createContentStore(assets: AssetReader): ContentStore {
  let catalogue: Promise<ContentCatalogue> | undefined;
  const kept = new Map<string, ArticleFile | undefined>();

  // The build wrote every summary from front matter it validated; the schema checks the file's shape and the fields
  // the worker keys on, not every field again, once per isolate.
  const fetchCatalogue = async () =>
    (await readRequiredFile(assets, CATALOGUE_PATH, ContentCatalogueSchema)) as unknown as ContentCatalogue;

  const readCatalogue = async (): Promise<ContentCatalogue> => {
    catalogue ??= fetchCatalogue().catch((error: unknown) => {
      catalogue = undefined;
      throw error;
    });
    const found = await catalogue;
    if (found.preview) catalogue = undefined;
    return found;
  };
  const isPreview = async () => (await readCatalogue()).preview;

  let head: Promise<{ version: string; preview: boolean }> | undefined;
  const readHead = async () => {
    head ??= readRequiredFile(assets, CONTENT_HEAD_PATH, ContentHeadSchema).catch((error: unknown) => {
      head = undefined;
      throw error;
    });
    const found = await head;
    if (found.preview) head = undefined;
    return found;
  };
  const years = new Map<number, readonly number[]>();

  return {
    readCatalogue,
    readHead,
    async readYearMoments(year) {
      const keptYear = years.get(year);
      if (keptYear) return keptYear;
      const moments = (await readContentFile(assets, buildMomentsPath(year), YearMomentsSchema)) ?? [];
      // A clock a test moves may ask for many years; an isolate keeps a few.
      if (!(await readHead()).preview) {
        if (years.size >= KEPT_YEAR_COUNT) years.delete(years.keys().next().value!);
        years.set(year, moments);
      }
      return moments;
    },
    async readArticle(slug) {
      const preview = await isPreview();
      if (!preview && kept.has(slug)) {
        const found = kept.get(slug);
        // Most recently used last, so the oldest is dropped first.
        kept.delete(slug);
        kept.set(slug, found);
        return found;
      }
      const found = (await readContentFile(assets, buildArticlePath(slug), ArticleFileSchema)) as unknown as
        ArticleFile | undefined;
      if (!preview) {
        kept.set(slug, found);
        if (kept.size > KEPT_ARTICLE_COUNT) kept.delete(kept.keys().next().value!);
      }
      return found;
    },
    readSearchIndex: keepOnce(() => readIndexFile(assets, SEARCH_INDEX_PATH), isPreview),
    async readIssue(slug) {
      const found = await readContentFile(assets, buildIssuePath(slug), IssueFileSchema);
      return found?.issue as NewsletterIssue | undefined;
    },
    readIssueSearchIndex: keepOnce(() => readIndexFile(assets, ISSUE_SEARCH_INDEX_PATH), isPreview),
  };
}

const stores = new WeakMap<AssetReader, ContentStore>();

/**
 * The content store over `assets` (the `ASSETS` binding), one per binding object so an isolate reads the catalogue
 * and the search index once.
 */
export function openContentStore(assets: AssetReader): ContentStore {
  let store = stores.get(assets);
  if (!store) {
    store = createContentStore(assets);
    stores.set(assets, store);
  }
  return store;
}
