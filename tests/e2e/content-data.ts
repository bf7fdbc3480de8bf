/**
 * The bundled content as the site shows it now, compiled by the build's own code: tests hold the rules against
 * whatever articles the owner has written, never against today's sample.
 */
import path from "node:path";
import { compileArticles } from "../../content/build/compile-articles.ts";
import { isPublished } from "../../content/publication.ts";
import { formatLongDate } from "../../app/lib/dates.ts";

/** The articles a visitor can see now, newest first. */
export const publishedArticles = compileArticles(path.resolve("content", "articles"), { root: null }).filter(
  (article) => isPublished(article.publishedAt, Date.now()),
);

/** The blog's result count as its status line words it: '1 article', '9 articles'. */
export function describeCount(count: number): string {
  return `${count} ${count === 1 ? "article" : "articles"}`;
}

export { formatLongDate };
