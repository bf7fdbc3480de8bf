/**
 * Server-side access to the bundled articles (compiled at build time, newest
 * first). Loaders call these; bodies never reach a client bundle.
 */
import articles from "virtual:vpf/articles";
import type { Article, ArticleSummary } from "../../content/article-schema";

/** Number of latest articles on the home page (rule 3.5). */
export const HOME_LATEST_COUNT = 3;

/** Number of related articles under an article (rule 3.5). */
export const RELATED_COUNT = 3;

function summarize({ html: _html, ...summary }: Article): ArticleSummary {
  return summary;
}

/** Summaries, built once per isolate in the articles' order (newest first). */
const summaries: readonly ArticleSummary[] = articles.map(summarize);

/** Every article without its body, newest first. */
export function listArticleSummaries(): ArticleSummary[] {
  return [...summaries];
}

/** The article with this slug, or `undefined`. */
export function findArticle(slug: string): Article | undefined {
  return articles.find((article) => article.slug === slug);
}

/** The `count` newest articles (rule 3.5: 3 latest by publish date on the home page). */
export function listLatestArticles(count = HOME_LATEST_COUNT): ArticleSummary[] {
  return summaries.slice(0, count);
}

/** Related articles: the latest `count` excluding `slug` (rule 3.5). */
export function listRelatedArticles(slug: string, count = RELATED_COUNT): ArticleSummary[] {
  return summaries.filter((article) => article.slug !== slug).slice(0, count);
}

/** Articles of one category (by category slug), newest first. */
export function listArticlesInCategory(categorySlug: string): ArticleSummary[] {
  return summaries.filter((article) => article.categorySlug === categorySlug);
}
