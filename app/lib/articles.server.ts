/**
 * The bundled articles, newest first, on the server only so bodies never reach a client bundle; only what is
 * published at the request's moment is listed (rule 3.1), except in the dev preview, which marks the rest.
 */
import articles, { PREVIEW, SEARCH_INDEX } from "virtual:vpf/articles";
import type { Article, ArticleCardData, ArticleLink, ArticleSummary } from "../../content/article-schema";
import { isPublished } from "../../content/publication";
import { CARD_TAG_COUNT, buildTagHref, slugifyTag } from "../../content/tags";
import { type ListPage, paginate } from "../../core/pagination";
import { type ArticleIndex, type BlogFilters, searchArticles } from "./article-search";
import { type SnippetPart, loadSearchIndex, readPlainText } from "../../content/search-engine";

/** Number of latest articles on the home page (rule 3.5). */
export const HOME_LATEST_COUNT = 3;

/** Number of related articles under an article (rule 3.5). */
export const RELATED_COUNT = 3;

function summarize({ html: _html, ...summary }: Article): ArticleSummary {
  return summary;
}

const summaries: readonly ArticleSummary[] = articles.map(summarize);

/** Whether a visitor may see `article` at `nowMs` (ms since the epoch). */
function isVisible(article: Pick<Article, "publishedAt">, nowMs: number): boolean {
  return PREVIEW || isPublished(article.publishedAt, nowMs);
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

/** Every article published at `nowMs` (ms since the epoch), without its body, newest first. */
export function listArticleSummaries(nowMs = Date.now()): ArticleSummary[] {
  return summaries.filter((article) => isVisible(article, nowMs)).map((article) => markSchedule(article, nowMs));
}

/** The article with this slug when it is published at `nowMs`, or `undefined`. */
export function findArticle(slug: string, nowMs = Date.now()): Article | undefined {
  const article = articles.find((candidate) => candidate.slug === slug && isVisible(candidate, nowMs));
  return article && markSchedule(article, nowMs);
}

/** The `count` newest articles published at `nowMs` (rule 3.5). */
export function listLatestArticles(count = HOME_LATEST_COUNT, nowMs = Date.now()): ArticleCardData[] {
  return listArticleSummaries(nowMs).slice(0, count).map(toArticleCard);
}

/** Related articles: the latest `count` published at `nowMs`, excluding `slug` (rule 3.5). */
export function listRelatedArticles(slug: string, count = RELATED_COUNT, nowMs = Date.now()): ArticleCardData[] {
  return listArticleSummaries(nowMs)
    .filter((article) => article.slug !== slug)
    .slice(0, count)
    .map(toArticleCard);
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
export function findCategoryPage(
  categorySlug: string,
  page = 1,
  nowMs = Date.now(),
): ListPage<ArticleCardData> | undefined {
  return paginateCards(
    listArticleSummaries(nowMs).filter((article) => article.categorySlug === categorySlug),
    page,
  );
}

/**
 * The tag with this slug, as the newest article that carries it spells it, and page `page` (from 1) of its articles
 * published at `nowMs`, newest first (rules 3.7 and 3.9); `undefined` when no published article carries it or the
 * page lies past the last one.
 */
export function findTag(
  slug: string,
  page = 1,
  nowMs = Date.now(),
): { tag: { slug: string; name: string }; articles: ListPage<ArticleCardData> } | undefined {
  const carrying = listArticleSummaries(nowMs).filter((article) =>
    article.tags.some((tag) => slugifyTag(tag) === slug),
  );
  const name = carrying[0]?.tags.find((tag) => slugifyTag(tag) === slug);
  const articles = paginateCards(carrying, page);
  return name === undefined || !articles ? undefined : { tag: { slug, name }, articles };
}

/** The next older (`previous`) and next newer (`next`) published articles around `slug` (rule 3.1). */
export function findNeighbourArticles(
  slug: string,
  nowMs = Date.now(),
): { previous: ArticleLink | null; next: ArticleLink | null } {
  const published = listArticleSummaries(nowMs);
  const index = published.findIndex((article) => article.slug === slug);
  const toLink = (article: ArticleSummary | undefined) =>
    article ? { slug: article.slug, title: article.title } : null;
  if (index < 0) return { previous: null, next: null };
  return { previous: toLink(published[index + 1]), next: toLink(index > 0 ? published[index - 1] : undefined) };
}

/** The articles' search index, loaded on first use, once per isolate; bodies as plain text for snippets, likewise. */
let articleIndex: ArticleIndex | undefined;

/**
 * Articles published at `nowMs` (ms since the epoch) that `filters` keep (rules 3.3 and 3.8), as cards with the
 * passage that matched: the one search of `/blog` and `/search`.
 */
export function searchPublishedArticles(
  filters: BlogFilters,
  nowMs = Date.now(),
): Array<ArticleCardData & { snippet: SnippetPart[] }> {
  if (articleIndex === undefined) {
    const bodies = new Map<string, string>();
    articleIndex = {
      index: loadSearchIndex(SEARCH_INDEX),
      readBody: (slug) => {
        if (!bodies.has(slug)) bodies.set(slug, readPlainText(articles.find((a) => a.slug === slug)?.html ?? ""));
        return bodies.get(slug)!;
      },
    };
  }
  return searchArticles(articleIndex, listArticleSummaries(nowMs), filters).map((hit) => ({
    ...toArticleCard(hit),
    snippet: hit.snippet,
  }));
}

/** How many tags an empty search offers (rule 3.8). */
export const SUGGESTED_TAG_COUNT = 8;

/**
 * The `count` tags carried by the most articles published at `nowMs`, most used first (ties in alphabetical order),
 * each as the newest article spells it with its page's address (rule 3.7).
 */
export function listPopularTags(
  count = SUGGESTED_TAG_COUNT,
  nowMs = Date.now(),
): Array<{ name: string; href: string }> {
  const bySlug = new Map<string, { name: string; uses: number }>();
  for (const article of listArticleSummaries(nowMs)) {
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
