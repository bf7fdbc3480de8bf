/**
 * Article JSON-LD for search engines (rule 3.6). Apart from the products' (`structured-data.ts`), so the article
 * page, which builds it while it renders, loads neither the catalogue nor the price rules.
 */
import type { ArticleSummary } from "../../content/article-schema";
import { SITE_NAME } from "../../content/site";

/** The publisher's logo: its path under `public/` and its size in px (the SVG's `width` and `height`). */
export const SITE_LOGO = { path: "/images/brand/logo-light.svg", width: 132, height: 36 } as const;

/** Where the team author is described; an author's `url` points there. */
export const AUTHOR_PAGE_PATH = "/about";

/** A `YYYY-MM-DD` day as midnight UTC (`2026-05-19T00:00:00Z`), as dates are shown in UTC (rule 3.4). */
export function toUtcMidnight(day: string): string {
  return `${day}T00:00:00Z`;
}

/** The fields of an article its JSON-LD reads. */
export type ArticleJsonLdInput = Pick<
  ArticleSummary,
  "slug" | "title" | "excerpt" | "image" | "publishedAt" | "updated" | "author" | "tags" | "category" | "wordCount"
>;

/** schema.org `Article` for `/blog/{slug}` (rule 3.6). */
export function buildArticleJsonLd(origin: string, article: ArticleJsonLdInput): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.excerpt,
    image: [`${origin}${article.image}`],
    datePublished: toUtcMidnight(article.publishedAt),
    dateModified: toUtcMidnight(article.updated ?? article.publishedAt),
    author: { "@type": "Organization", name: article.author, url: `${origin}${AUTHOR_PAGE_PATH}` },
    publisher: {
      "@type": "Organization",
      name: SITE_NAME,
      url: `${origin}/`,
      logo: {
        "@type": "ImageObject",
        url: `${origin}${SITE_LOGO.path}`,
        width: SITE_LOGO.width,
        height: SITE_LOGO.height,
      },
    },
    mainEntityOfPage: `${origin}/blog/${article.slug}`,
    keywords: article.tags.join(", "),
    articleSection: article.category,
    wordCount: article.wordCount,
  };
}
