/** Server-side access to the bundled articles (newest first), so bodies never reach a client bundle. */
import articles from "virtual:vpf/articles";
import {
  CARD_TAG_COUNT,
  type Article,
  type ArticleCardData,
  type ArticleLink,
  type ArticleSummary,
} from "../../content/article-schema";

/** Number of latest articles on the home page (rule 3.5). */
export const HOME_LATEST_COUNT = 3;

/** Number of related articles under an article (rule 3.5). */
export const RELATED_COUNT = 3;

function summarize({ html: _html, ...summary }: Article): ArticleSummary {
  return summary;
}

const summaries: readonly ArticleSummary[] = articles.map(summarize);

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
}: ArticleSummary): ArticleCardData {
  return { slug, title, excerpt, publishedAt, readTime, category, tags: tags.slice(0, CARD_TAG_COUNT), image };
}

const cards: readonly ArticleCardData[] = summaries.map(toArticleCard);

/** Every article without its body, newest first. */
export function listArticleSummaries(): ArticleSummary[] {
  return [...summaries];
}

/** The article with this slug, or `undefined`. */
export function findArticle(slug: string): Article | undefined {
  return articles.find((article) => article.slug === slug);
}

/** The `count` newest articles (rule 3.5). */
export function listLatestArticles(count = HOME_LATEST_COUNT): ArticleCardData[] {
  return cards.slice(0, count);
}

/** Related articles: the latest `count` excluding `slug` (rule 3.5). */
export function listRelatedArticles(slug: string, count = RELATED_COUNT): ArticleCardData[] {
  return cards.filter((article) => article.slug !== slug).slice(0, count);
}

/** Articles of one category (by category slug), newest first. */
export function listArticlesInCategory(categorySlug: string): ArticleCardData[] {
  return summaries.filter((article) => article.categorySlug === categorySlug).map(toArticleCard);
}

/** The next older (`previous`) and next newer (`next`) articles around `slug` (rule 3.1). */
export function findNeighbourArticles(slug: string): { previous: ArticleLink | null; next: ArticleLink | null } {
  const index = summaries.findIndex((article) => article.slug === slug);
  const toLink = (article: ArticleSummary | undefined) =>
    article ? { slug: article.slug, title: article.title } : null;
  if (index < 0) return { previous: null, next: null };
  return { previous: toLink(summaries[index + 1]), next: toLink(index > 0 ? summaries[index - 1] : undefined) };
}
