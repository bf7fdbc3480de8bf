/** Per-route head tags (rule 3.6); absolute URLs use the request's origin from the root loader. */
import type { MetaDescriptor } from "react-router";
import { SITE_DESCRIPTION, SITE_LONG_NAME, SITE_NAME } from "../../content/site";
import { buildPageHref } from "../../core/pagination";

/** Default share image (1200×630 JPEG: several link-preview crawlers read no WebP). */
export const DEFAULT_SHARE_IMAGE = "/images/share-default.jpg";

/** The brand as a whole word, wherever it stands (its regular-expression characters escaped). */
const BRAND_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}])${SITE_NAME.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`,
  "gu",
);

/**
 * The brand line: the home page's title and the default share image's alt text. A long name that holds the brand
 * already (`Northwind Money Press` for `Northwind Money`) stands alone, so the brand is named once (rule 3.6).
 */
const BRAND_LINE = SITE_LONG_NAME.includes(SITE_NAME) ? SITE_LONG_NAME : `${SITE_NAME}: ${SITE_LONG_NAME}`;

/** How many times `text` names the brand as a word: a page's title names it once (rule 3.6). */
export function countBrandMentions(text: string): number {
  return text.match(BRAND_WORD)?.length ?? 0;
}

/**
 * A page's `<title>` (rule 3.6): `"{title} | {SITE_NAME}"`, or the brand line for the home page. The brand is never
 * said twice: a page title that starts or ends with it drops it there (`"About {SITE_NAME}"` → `"About |
 * {SITE_NAME}"`), and one that names it elsewhere stands alone, without the suffix.
 */
export function formatTitle(title?: string): string {
  if (!title) return BRAND_LINE;
  // Compared as text, not word by word, so a brand of several words is found too.
  let rest = title.trim().replace(/\s+/g, " ");
  if (rest === SITE_NAME) return SITE_NAME;
  if (rest.startsWith(`${SITE_NAME} `)) rest = rest.slice(SITE_NAME.length + 1);
  if (rest.endsWith(` ${SITE_NAME}`)) rest = rest.slice(0, -SITE_NAME.length - 1);
  return countBrandMentions(rest) > 0 ? rest : `${rest} | ${SITE_NAME}`;
}

/** The head link naming the newsletter's feed, for the newsletter's own pages. */
export const NEWSLETTER_FEED = {
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: `${SITE_NAME} newsletter`,
  href: "/newsletter/rss.xml",
} as const satisfies MetaDescriptor;

export interface PageMeta {
  /** Page title without the brand suffix; omit on the home page. */
  title?: string;
  description?: string;
  /** Path of the page's canonical URL, e.g. `/blog/slug` (defaults to the current path). */
  path?: string;
  /** Site-relative image path for link previews. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  /** ISO date, for articles. */
  publishedAt?: string;
  /** YYYY-MM-DD: `article:modified_time`, when the article was updated. */
  modifiedAt?: string;
  /** Keeps the page out of search engines' indexes (`robots: noindex`), for pages made from a visitor's input. */
  noindex?: boolean;
  /** Which page of a paginated list this is (rule 3.9); `path` is then the list's bare path. */
  listPage?: { page: number; pageCount: number };
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  error?: unknown;
}

/** The request origin from the root loader (`https://example.com`), or `""`. */
export function readOrigin(matches: MetaArgsLike["matches"]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** The head tags for a page; a route in error gets the 404 title and `noindex` instead. */
export function buildMeta(args: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  if (args.error !== undefined && args.error !== null) {
    return [{ title: formatTitle("Page Not Found") }, { name: "robots", content: "noindex" }];
  }
  const origin = readOrigin(args.matches);
  const listPage = page.listPage;
  const path = page.path ?? args.location.pathname;
  // Each page of a list is its own page to a search engine, so its title and description say which one it is.
  const laterPage = listPage && listPage.page > 1 ? listPage.page : null;
  const title = formatTitle(page.title && laterPage ? `${page.title}, page ${laterPage}` : page.title);
  const baseDescription = page.description ?? SITE_DESCRIPTION;
  const description = laterPage ? `${baseDescription} Page ${laterPage}.` : baseDescription;
  const url = `${origin}${listPage ? buildPageHref(path, listPage.page) : path}`;
  const image = `${origin}${page.image ?? DEFAULT_SHARE_IMAGE}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: page.imageAlt ?? BRAND_LINE },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (page.publishedAt) tags.push({ property: "article:published_time", content: page.publishedAt });
  if (page.modifiedAt) tags.push({ property: "article:modified_time", content: page.modifiedAt });
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  if (listPage && listPage.page > 1) {
    tags.push({ tagName: "link", rel: "prev", href: `${origin}${buildPageHref(path, listPage.page - 1)}` });
  }
  if (listPage && listPage.page < listPage.pageCount) {
    tags.push({ tagName: "link", rel: "next", href: `${origin}${buildPageHref(path, listPage.page + 1)}` });
  }
  return tags;
}
