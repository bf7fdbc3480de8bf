/**
 * The bundled content as the site shows it now, compiled by the build's own code: tests hold the rules against
 * whatever articles the owner has written, never against today's sample.
 */
import path from "node:path";
import { listArticleHeadings } from "../../content/article-headings.ts";
import { compileArticles } from "../../content/build/compile-articles.ts";
import { isPublished } from "../../content/publication.ts";
import { formatLongDate } from "../../app/lib/dates.ts";
import { filterBlogArticles } from "../../app/lib/article-search.ts";

/** The articles a visitor can see now, newest first. */
export const publishedArticles = compileArticles(path.resolve("content", "articles"), { root: null }).filter(
  (article) => isPublished(article.publishedAt, Date.now()),
);

/** What `/blog` lists for `q` over every category (rule 3.3), newest first. */
export function filterBlog(q: string) {
  return filterBlogArticles(publishedArticles, { q, category: null });
}

/** The blog's result count as its status line words it: '1 article', '9 articles'. */
export function describeCount(count: number): string {
  return `${count} ${count === 1 ? "article" : "articles"}`;
}

export { formatLongDate };

/** An article with a contents list worth testing: three sections or more, one with subsections. */
export const SECTIONED = (() => {
  const found = publishedArticles.find((article) => {
    const headings = listArticleHeadings(article.html);
    return headings.length >= 3 && headings.some((heading) => (heading.children?.length ?? 0) > 0);
  });
  if (!found) throw new Error("no published article has three sections, one with subsections; the tests need one");
  return found;
})();

/** `SECTIONED`'s h2s, each with its h3s. */
export const SECTIONS = listArticleHeadings(SECTIONED.html);

/** The first paragraph of `html` written as plain text (no inline markup or escapes), as a visitor reads it. */
export function findPlainParagraph(html: string): string {
  const found = [...html.matchAll(/<p>([^<&]{20,})<\/p>/g)][0]?.[1];
  if (!found) throw new Error("the article has no plain paragraph of 20 characters or more");
  return found;
}

/** A word of one published article's title that the blog's search finds in that article only, with its article. */
export const UNIQUE_TITLE_WORD = (() => {
  for (const article of publishedArticles) {
    for (const word of article.title.split(/[^\p{L}]+/u).filter((candidate) => candidate.length >= 5)) {
      const found = filterBlog(word);
      if (found.length === 1) return { text: word.toLocaleLowerCase("en-US"), article };
    }
  }
  throw new Error("no title word belongs to one article only; the search tests need one");
})();
