/** `/rss.xml` (RSS 2.0), `/sitemap.xml` (Sitemaps 0.9) and `/robots.txt` (RFC 9309) bodies (rule 3.6). */
import type { ArticleSummary } from "../../content/article-schema";
import { categories } from "../../content/categories";
import { products } from "../../content/products";
import { SITE_DESCRIPTION, SITE_LONG_NAME, SITE_NAME } from "../../content/site";
import type { Flags } from "../../core/flags";
import { isPathOpen, listSitemapPaths } from "../../core/page-registry";
import { compareNewestFirst } from "./article-search";

/** Escapes text for XML character data and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[ch]};`);
}

/** RFC 822 date for RSS from an ISO date (midnight UTC). */
function toRfc822(isoDate: string): string {
  return new Date(isoDate).toUTCString();
}

/** RSS feed of every article, newest first; `origin` has no trailing slash (`https://example.com`). */
export function buildRssFeed(origin: string, articles: readonly ArticleSummary[]): string {
  const sorted = [...articles].sort(compareNewestFirst);
  const items = sorted
    .map((article) => {
      const link = `${origin}/blog/${article.slug}`;
      return [
        "    <item>",
        `      <title>${escapeXml(article.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <description>${escapeXml(article.excerpt)}</description>`,
        `      <category>${escapeXml(article.category)}</category>`,
        `      <pubDate>${toRfc822(article.publishedAt)}</pubDate>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(`${SITE_NAME}: ${SITE_LONG_NAME}`)}</title>`,
    `    <link>${escapeXml(`${origin}/`)}</link>`,
    `    <description>${escapeXml(SITE_DESCRIPTION)}</description>`,
    "    <language>en-us</language>",
    `    <atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    sorted[0] ? `    <lastBuildDate>${toRfc822(sorted[0].publishedAt)}</lastBuildDate>` : "",
    items,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/**
 * The public paths enabled by these flags: static pages, every product while
 * the store is open, every category and every article (with its update or
 * publish date as `lastmod`).
 */
export function listSitemapEntries(
  flags: Flags,
  articles: readonly ArticleSummary[],
): Array<{ path: string; lastmod?: string }> {
  const pages = listSitemapPaths(flags);
  const productPaths = products.map((product) => `/product/${product.id}`).filter((path) => isPathOpen(path, flags));
  return [
    ...pages.map((path) => ({ path })),
    ...productPaths.map((path) => ({ path })),
    ...categories.map((category) => ({ path: category.href })),
    ...articles.map((article) => ({ path: `/blog/${article.slug}`, lastmod: article.updated ?? article.publishedAt })),
  ];
}

/** Sitemaps 0.9 XML for the given entries. */
export function buildSitemap(origin: string, entries: ReadonlyArray<{ path: string; lastmod?: string }>): string {
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: everything crawlable except the holding and order pages; points to the sitemap. */
export function buildRobotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /please-hold\nDisallow: /success\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
