/**
 * The articles, on the server only so bodies never reach a client bundle, read from the deployment's content files
 * (`ContentStore`, decision 021); only what is published at the request's moment is listed (rule 3.1), except in the
 * dev preview, which marks the rest.
 */
import type { Article, ArticleCardData, ArticleLink, ArticleSummary } from "../../content/article-schema";
import type { ContentCatalogue, ContentStore } from "../../content/content-store.server";
import { isPublished, readPublishMs } from "../../content/publication";
import { CARD_TAG_COUNT, buildTagHref, slugifyTag } from "../../content/tags";
import { type ListPage, paginate } from "../../core/pagination";
import { type BlogFilters, filterBlogArticles, findArticles, makeArticleSnippet } from "./article-search";
import type { SnippetPart } from "../../content/search-engine";

/** Number of latest articles on the home page (rule 3.5). */
export const HOME_LATEST_COUNT = 3;

/** Number of related articles under an article (rule 3.5). */
export const RELATED_COUNT = 3;

/** Whether a visitor may see `article` at `nowMs` (ms since the epoch). */
function isVisible(catalogue: ContentCatalogue, article: Pick<Article, "publishedAt">, nowMs: number): boolean {
  return catalogue.preview || isPublished(article.publishedAt, nowMs);
}

/** `article`, marked `scheduled` when only the preview shows it at `nowMs`. */
function markSchedule<T extends Pick<Article, "publishedAt">>(article: T, nowMs: number): T {
  return isPublished(article.publishedAt, nowMs) ? article : { ...article, scheduled: true };
}

/** The fields an article card draws, with its first `CARD_TAG_COUNT` tags (rule 3.5). */
export function toArticleCard({
  slug,
  title,
  excerpt,
  publishedAt,
  readTime,
  category,
  tags,
  image,
  draft,
  scheduled,
}: ArticleSummary): ArticleCardData {
  return {
    slug,
    title,
    excerpt,
    publishedAt,
    readTime,
    category,
    tags: tags.slice(0, CARD_TAG_COUNT),
    image,
    ...(draft ? { draft } : {}),
    ...(scheduled ? { scheduled } : {}),
  };
}

/** What every list reads of a catalogue, worked out once per catalogue (an isolate keeps one). */
interface CatalogueIndex {
  /** When each article comes out (ms), in the catalogue's order. */
  moments: number[];
  /** The catalogue's positions of the articles carrying each tag, by tag slug. */
  byTag: Map<string, number[]>;
}

const catalogueIndexes = new WeakMap<ContentCatalogue, CatalogueIndex>();

function readCatalogueIndex(catalogue: ContentCatalogue): CatalogueIndex {
  let found = catalogueIndexes.get(catalogue);
  if (!found) {
    const byTag = new Map<string, number[]>();
    catalogue.articles.forEach((article, position) => {
      for (const slug of new Set(article.tags.map(slugifyTag))) {
        const list = byTag.get(slug);
        if (list) list.push(position);
        else byTag.set(slug, [position]);
      }
    });
    found = { moments: catalogue.articles.map((article) => readPublishMs(article.publishedAt)), byTag };
    catalogueIndexes.set(catalogue, found);
  }
  return found;
}

/**
 * The articles of `catalogue` at `positions` (all when omitted) a visitor may see at `nowMs`, newest first, marked
 * when only the preview shows them.
 */
function listVisible(catalogue: ContentCatalogue, nowMs: number, positions?: readonly number[]): ArticleSummary[] {
  const { moments } = readCatalogueIndex(catalogue);
  const visible: ArticleSummary[] = [];
  const visit = (position: number) => {
    const article = catalogue.articles[position]!;
    if (moments[position]! <= nowMs) visible.push(article);
    else if (catalogue.preview) visible.push({ ...article, scheduled: true });
  };
  if (positions) positions.forEach(visit);
  else for (let position = 0; position < catalogue.articles.length; position++) visit(position);
  return visible;
}

/** Every article published at `nowMs` (ms since the epoch), without its body, newest first. */
export async function listArticleSummaries(content: ContentStore, nowMs = Date.now()): Promise<ArticleSummary[]> {
  return listVisible(await content.readCatalogue(), nowMs);
}

/** The article with this slug when it is published at `nowMs`, or `undefined`. */
export async function findArticle(
  content: ContentStore,
  slug: string,
  nowMs = Date.now(),
): Promise<Article | undefined> {
  const catalogue = await content.readCatalogue();
  const summary = catalogue.articles.find((candidate) => candidate.slug === slug);
  // The catalogue decides first, so an unpublished article's file is never read for a visitor.
  if (!summary || !isVisible(catalogue, summary, nowMs)) return undefined;
  const found = await content.readArticle(slug);
  return found && markSchedule(found.article, nowMs);
}

/** The `count` newest articles published at `nowMs` (rule 3.5). */
export async function listLatestArticles(
  content: ContentStore,
  count = HOME_LATEST_COUNT,
  nowMs = Date.now(),
): Promise<ArticleCardData[]> {
  const catalogue = await content.readCatalogue();
  const latest: ArticleCardData[] = [];
  for (const article of catalogue.articles) {
    if (latest.length === count) break;
    if (isVisible(catalogue, article, nowMs)) latest.push(toArticleCard(markSchedule(article, nowMs)));
  }
  return latest;
}

/** Related articles: the latest `count` published at `nowMs`, excluding `slug` (rule 3.5). */
export async function listRelatedArticles(
  content: ContentStore,
  slug: string,
  count = RELATED_COUNT,
  nowMs = Date.now(),
): Promise<ArticleCardData[]> {
  const latest = await listLatestArticles(content, count + 1, nowMs);
  return latest.filter((article) => article.slug !== slug).slice(0, count);
}

/** Page `page` of `list` as cards (rule 3.9); only that page's articles are made into cards. */
function paginateCards(list: readonly ArticleSummary[], page: number): ListPage<ArticleCardData> | undefined {
  const found = paginate(list, page);
  return found && { ...found, items: found.items.map(toArticleCard) };
}

/**
 * Page `page` (from 1) of one category's articles (by category slug) published at `nowMs`, newest first (rules 3.2
 * and 3.9); `undefined` past the last page.
 */
export async function findCategoryPage(
  content: ContentStore,
  categorySlug: string,
  page = 1,
  nowMs = Date.now(),
): Promise<ListPage<ArticleCardData> | undefined> {
  const visible = await listArticleSummaries(content, nowMs);
  return paginateCards(
    visible.filter((article) => article.categorySlug === categorySlug),
    page,
  );
}

/**
 * The tag with this slug, as the newest article that carries it spells it, and page `page` (from 1) of its articles
 * published at `nowMs`, newest first (rules 3.7 and 3.9); `undefined` when no published article carries it or the
 * page lies past the last one.
 */
export async function findTag(
  content: ContentStore,
  slug: string,
  page = 1,
  nowMs = Date.now(),
): Promise<{ tag: { slug: string; name: string }; articles: ListPage<ArticleCardData> } | undefined> {
  const catalogue = await content.readCatalogue();
  const carrying = listVisible(catalogue, nowMs, readCatalogueIndex(catalogue).byTag.get(slug) ?? []);
  const name = carrying[0]?.tags.find((tag) => slugifyTag(tag) === slug);
  const articles = paginateCards(carrying, page);
  return name === undefined || !articles ? undefined : { tag: { slug, name }, articles };
}

/** The next older (`previous`) and next newer (`next`) published articles around `slug` (rule 3.1). */
export async function findNeighbourArticles(
  content: ContentStore,
  slug: string,
  nowMs = Date.now(),
): Promise<{ previous: ArticleLink | null; next: ArticleLink | null }> {
  const published = await listArticleSummaries(content, nowMs);
  const index = published.findIndex((article) => article.slug === slug);
  const toLink = (article: ArticleSummary | undefined) =>
    article ? { slug: article.slug, title: article.title } : null;
  if (index < 0) return { previous: null, next: null };
  return { previous: toLink(published[index + 1]), next: toLink(index > 0 ? published[index - 1] : undefined) };
}

/**
 * Page `page` (from 1) of `/blog` under `filters` (rules 3.3 and 3.9): the articles published at `nowMs` whose title,
 * excerpt or tags hold the words, of the category, newest first; `undefined` past the last page. Reads no article
 * file and no search index.
 */
export async function findBlogPage(
  content: ContentStore,
  filters: BlogFilters,
  page = 1,
  nowMs = Date.now(),
): Promise<ListPage<ArticleCardData> | undefined> {
  return paginateCards(filterBlogArticles(await listArticleSummaries(content, nowMs), filters), page);
}

/** An article card with the passage of its body that matched a search. */
export type ArticleSearchCard = ArticleCardData & { snippet: SnippetPart[] };

/**
 * Page `page` (from 1) of the articles published at `nowMs` (ms since the epoch) that the site search finds for
 * `query` (rule 3.8), best first, as cards with the passage that matched; when no article holds every word, those
 * holding the most, `everyWord` then `false`. Only the page's articles are read for their snippets; `undefined` past
 * the last page (a blank query finds nothing, so it has one empty page).
 */
export async function searchPublishedArticles(
  content: ContentStore,
  query: string,
  page = 1,
  nowMs = Date.now(),
): Promise<(ListPage<ArticleSearchCard> & { everyWord: boolean }) | undefined> {
  const visible = await listArticleSummaries(content, nowMs);
  const { matches, everyWord } =
    query.trim() === ""
      ? { matches: [], everyWord: true }
      : findArticles(await content.readSearchIndex(), visible, query);
  const found = paginate(matches, page);
  if (!found) return undefined;
  const items = await Promise.all(
    found.items.map(async ({ article, terms }) => {
      const text = terms.length > 0 ? ((await content.readArticle(article.slug))?.text ?? "") : "";
      return { ...toArticleCard(article), snippet: makeArticleSnippet(article, text, terms) };
    }),
  );
  return { ...found, items, everyWord };
}

/** How many tags an empty search offers (rule 3.8). */
export const SUGGESTED_TAG_COUNT = 8;

/**
 * The `count` tags carried by the most articles published at `nowMs`, most used first (ties in alphabetical order),
 * each as the newest article spells it with its page's address (rule 3.7).
 */
export async function listPopularTags(
  content: ContentStore,
  count = SUGGESTED_TAG_COUNT,
  nowMs = Date.now(),
): Promise<Array<{ name: string; href: string }>> {
  const bySlug = new Map<string, { name: string; uses: number }>();
  for (const article of await listArticleSummaries(content, nowMs)) {
    // Two spellings of one tag on an article count once.
    const tags = new Map(article.tags.map((name) => [slugifyTag(name), name]));
    for (const [slug, name] of tags) {
      const known = bySlug.get(slug);
      if (known) known.uses += 1;
      else bySlug.set(slug, { name, uses: 1 });
    }
  }
  return [...bySlug.values()]
    .sort((a, b) => b.uses - a.uses || a.name.localeCompare(b.name, "en-US"))
    .slice(0, count)
    .map(({ name }) => ({ name, href: buildTagHref(name) }));
}
