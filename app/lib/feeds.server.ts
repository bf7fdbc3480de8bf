/** `/rss.xml` and `/newsletter/rss.xml` (RSS 2.0), `/sitemap.xml` (Sitemaps 0.9) and `/robots.txt` (RFC 9309) bodies (rule 3.6). */
import type { ArticleSummary } from "../../content/article-schema";
import { categories } from "../../content/categories";
import { buildTagHref } from "../../content/tags";
import { products } from "../../content/products";
import { SITE_DESCRIPTION, SITE_LONG_NAME, SITE_NAME } from "../../content/site";
import type { Flags } from "../../core/flags";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule";
import { isPathOpen, listSitemapPaths } from "../../core/page-registry";
import { paginate } from "../../core/pagination";
import { compareNewestFirst } from "./article-search";
import type { NewsletterIssueSummary } from "./newsletters.server";

/** Escapes text for XML character data and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[ch]};`);
}

/** RFC 822 date for RSS from an ISO date (midnight UTC) or date-time. */
function toRfc822(isoDate: string): string {
  return new Date(isoDate).toUTCString();
}

/** One entry of an RSS 2.0 channel; `link` is absolute and is the item's guid, `date` an ISO date or date-time. */
export interface RssItem {
  title: string;
  link: string;
  description: string;
  category?: string;
  date: string;
}

/** An RSS 2.0 channel; `selfUrl` is the feed's own absolute address. */
export interface RssChannel {
  title: string;
  link: string;
  description: string;
  selfUrl: string;
}

/** Items in a feed (rule 3.6): the newest, so a feed's size does not grow with the archive. */
export const FEED_ITEM_COUNT = 50;

/** RSS 2.0 XML of `items` in the order given (newest first, by convention); the first item dates the build. */
export function buildRss(channel: RssChannel, items: readonly RssItem[]): string {
  const entries = items
    .map((item) =>
      [
        "    <item>",
        `      <title>${escapeXml(item.title)}</title>`,
        `      <link>${escapeXml(item.link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
        `      <description>${escapeXml(item.description)}</description>`,
        item.category ? `      <category>${escapeXml(item.category)}</category>` : "",
        `      <pubDate>${toRfc822(item.date)}</pubDate>`,
        "    </item>",
      ]
        .filter((line) => line !== "")
        .join("\n"),
    )
    .join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    "    <language>en-us</language>",
    `    <atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    items[0] ? `    <lastBuildDate>${toRfc822(items[0].date)}</lastBuildDate>` : "",
    entries,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/** RSS feed of the `FEED_ITEM_COUNT` newest articles; `origin` has no trailing slash (`https://example.com`). */
export function buildRssFeed(origin: string, articles: readonly ArticleSummary[]): string {
  const channel = {
    title: `${SITE_NAME}: ${SITE_LONG_NAME}`,
    link: `${origin}/`,
    description: SITE_DESCRIPTION,
    selfUrl: `${origin}/rss.xml`,
  };
  const items = [...articles]
    .sort(compareNewestFirst)
    .slice(0, FEED_ITEM_COUNT)
    .map((article) => ({
      title: article.title,
      link: `${origin}/blog/${article.slug}`,
      description: article.excerpt,
      category: article.category,
      date: article.publishedAt,
    }));
  return buildRss(channel, items);
}

/** RSS feed of the `FEED_ITEM_COUNT` first sent newsletter issues as given (newest first), each linked to its web view. */
export function buildNewsletterRssFeed(origin: string, issues: readonly NewsletterIssueSummary[]): string {
  const channel = {
    title: `The ${SITE_NAME} newsletter`,
    link: `${origin}/newsletter`,
    description: `One practical money idea, every ${SEND_TIME_WORDS.when}.`,
    selfUrl: `${origin}/newsletter/rss.xml`,
  };
  const items = issues.slice(0, FEED_ITEM_COUNT).map((issue) => ({
    title: issue.title,
    link: `${origin}/newsletter/issues/${issue.slug}`,
    description: issue.preheader,
    date: issue.sendAt,
  }));
  return buildRss(channel, items);
}

/**
 * The public paths these flags open: pages, products, categories, tags (rule 3.7), articles (`lastmod` their
 * update or publish date) and sent newsletter issues (`lastmod` their send day).
 */
export function listSitemapEntries(
  flags: Flags,
  articles: readonly ArticleSummary[],
  issues: readonly NewsletterIssueSummary[],
): Array<{ path: string; lastmod?: string }> {
  const pages = listSitemapPaths(flags);
  const productPaths = products.map((product) => `/product/${product.id}`).filter((path) => isPathOpen(path, flags));
  return [
    ...pages.map((path) => ({ path })),
    ...productPaths.map((path) => ({ path })),
    ...categories.map((category) => ({ path: category.href })),
    ...[...new Set(articles.flatMap((article) => article.tags.map(buildTagHref)))]
      .filter((path) => path !== "/tags/")
      .toSorted()
      .map((path) => ({ path })),
    ...articles.map((article) => ({ path: `/blog/${article.slug}`, lastmod: article.updated ?? article.publishedAt })),
    ...issues
      .map((issue) => ({ path: `/newsletter/issues/${issue.slug}`, lastmod: issue.sendAt.slice(0, 10) }))
      .filter((entry) => isPathOpen(entry.path, flags)),
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

/** URLs in one sitemap file (Sitemaps 0.9 allows 50,000); past it, `/sitemap.xml` is an index of its parts. */
export const SITEMAP_URL_LIMIT = 50_000;

/**
 * The body of `/sitemap.xml` (`part` `null`) or of its part `part` (`/sitemap.xml?page=N`, from 1), rule 3.6: up to
 * `limit` entries, one sitemap; past it, `/sitemap.xml` is a sitemap index naming each part, each part a sitemap of
 * `limit` entries at most. `undefined` for a part past the last, and for any part of a sitemap that has none.
 */
export function buildSitemapDocument(
  origin: string,
  entries: ReadonlyArray<{ path: string; lastmod?: string }>,
  part: number | null,
  limit = SITEMAP_URL_LIMIT,
): string | undefined {
  if (entries.length <= limit) return part === null ? buildSitemap(origin, entries) : undefined;
  const found = paginate(entries, part ?? 1, limit);
  if (part !== null) return found && buildSitemap(origin, found.items);
  const parts = Array.from(
    { length: found!.pageCount },
    (_, index) => `  <sitemap><loc>${escapeXml(`${origin}/sitemap.xml?page=${index + 1}`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.join("\n")}\n</sitemapindex>\n`;
}

/** robots.txt: everything crawlable except the holding and order pages and `/api/`; points to the sitemap. */
export function buildRobotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /please-hold\nDisallow: /success\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
