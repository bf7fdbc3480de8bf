/**
 * The page registry (the site map): every route of the site, declared once,
 * with its path pattern, its route module, the flag that gates it, the
 * methods it takes, where it is linked, whether `/sitemap.xml` lists it and
 * whether the page cache may keep it (docs/product-rules.md rules 1.5, 2.5,
 * 2.6, 2.7, 2.9, 8.3). Everything else is derived from it: React Router's
 * route table (`app/routes.ts`), the gates (the root route's middleware),
 * the header, footer and 404 links, the sitemap, the worker's 405/`Allow`
 * answers and the page cache's eligibility. Adding a page is one entry here
 * plus its route module (ARCHITECTURE.md, "Adding a page").
 *
 * Paths are canonical (rule 2.1): lower case, no repeated slashes, no
 * trailing slash except `/`. Pure module without React Router: the worker's
 * tests load it in workerd, where React's server build lacks the hooks React
 * Router imports.
 */
import type { FlagName, Flags } from "./flags";

/** Where a page is linked from. */
export type Placement = "header" | "footer-content" | "footer-legal" | "popular";

/** An HTTP method a route answers. */
export type PageMethod = "GET" | "HEAD" | "POST";

/**
 * How a route is cached (rule 8.3): `page` lets the page cache reuse complete
 * 200 renders of a GET without a query (browsers always revalidate pages);
 * `feed` is never kept by the page cache but shared caches may keep it for
 * 300 s (RSS, sitemap, robots); `none` always renders.
 */
export type CacheClass = "page" | "feed" | "none";

/** One route of the site. */
export interface SitePage {
  /** React Router path pattern without the leading slash: `""` (home), `store`, `product/:id`, `*`. */
  pattern: string;
  /** The route module, relative to `app/` (also React Router's route id without the extension). */
  file: string;
  /** `shell`: inside the header/footer layout; `bare`: standalone (holding page, resource routes). */
  layout: "shell" | "bare";
  /** Link text where the page is listed. */
  label: string;
  /** The flag that must be on for the page to exist, or `null` for always on. */
  flag: FlagName | null;
  /** Methods the route answers; other methods get 405 with `Allow` (rule 2.5). POST means an `action`. */
  methods: readonly PageMethod[];
  /** Places that link to the page, in the order of `SITE_PAGES`. */
  placements: readonly Placement[];
  /** Whether `/sitemap.xml` lists the page (while its flag is on). */
  sitemap: boolean;
  /** Whether the page cache may keep it. */
  cache: CacheClass;
}

const READ: readonly PageMethod[] = ["GET", "HEAD"];
const FORM: readonly PageMethod[] = ["GET", "HEAD", "POST"];

/** Every route of the site, pages in navigation order (rules 2.6 and 2.7). */
export const SITE_PAGES: readonly SitePage[] = [
  page("", "routes/home.tsx", "Home", { placements: ["header", "footer-content"], sitemap: true }),
  page("store", "routes/store.tsx", "Store", {
    flag: "store",
    placements: ["header", "footer-content"],
    sitemap: true,
  }),
  page("product/:id", "routes/product.tsx", "Product", { flag: "store" }),
  page("blog", "routes/blog.tsx", "Blog", { placements: ["header", "footer-content", "popular"], sitemap: true }),
  page("blog/:slug", "routes/blog-article.tsx", "Article"),
  page("categories", "routes/categories.tsx", "Categories", {
    placements: ["header", "footer-content", "popular"],
    sitemap: true,
  }),
  page("categories/:slug", "routes/category.tsx", "Category"),
  page("about", "routes/about.tsx", "About", { placements: ["header", "footer-content", "popular"], sitemap: true }),
  page("contact", "routes/contact.tsx", "Contact", {
    flag: "contact",
    methods: FORM,
    placements: ["header", "footer-content"],
    sitemap: true,
  }),
  page("newsletter", "routes/newsletter.tsx", "Newsletter", { flag: "newsletter", methods: FORM, sitemap: true }),
  page("disclaimer", "routes/disclaimer.tsx", "Disclaimer", { placements: ["footer-legal"], sitemap: true }),
  page("privacy", "routes/privacy.tsx", "Privacy", { placements: ["footer-legal"], sitemap: true }),
  page("terms", "routes/terms.tsx", "Terms of Sale", { placements: ["footer-legal"], sitemap: true }),
  page("shipping", "routes/shipping.tsx", "Shipping & Returns", { placements: ["footer-legal"], sitemap: true }),
  page("success", "routes/success.tsx", "Order complete"),
  page("please-hold", "routes/please-hold.tsx", "Please hold", { layout: "bare" }),
  page("rss.xml", "routes/rss.ts", "RSS feed", { layout: "bare", cache: "feed" }),
  page("sitemap.xml", "routes/sitemap.ts", "Sitemap", { layout: "bare", cache: "feed" }),
  page("robots.txt", "routes/robots.ts", "Robots", { layout: "bare", cache: "feed" }),
  page("*", "routes/not-found.tsx", "Page Not Found", { cache: "none" }),
];

/** A registry entry with the defaults filled in: in the shell, ungated, GET/HEAD, unlinked, cached. */
function page(pattern: string, file: string, label: string, fields: Partial<SitePage> = {}): SitePage {
  return {
    pattern,
    file,
    label,
    layout: "shell",
    flag: null,
    methods: READ,
    placements: [],
    sitemap: false,
    cache: "page",
    ...fields,
  };
}

/** The canonical path of a page without parameters: `/`, `/store`. */
export function readPagePathOf(page: Pick<SitePage, "pattern">): string {
  return `/${page.pattern}`;
}

/** Worker endpoints and the flag each needs (rule 1.5); answered with JSON, never a page. */
export const API_ROUTES: ReadonlyArray<{ path: string; flag: FlagName | null }> = [
  { path: "/api/checkout", flag: "store" },
  { path: "/api/csp-report", flag: null },
  { path: "/api/vitals", flag: null },
];

/** Every route pattern, as React Router names it: `/`, `/blog/:slug`, …, `/*` (the 404 page). */
export function listRoutePatterns(): string[] {
  return SITE_PAGES.map(readPagePathOf);
}

/**
 * The route pattern React Router matches for a canonical path: what field
 * data names a page by, never its URL (rule 8.5).
 *
 * @example readRoutePattern("/blog/saving-101") // "/blog/:slug"
 * @example readRoutePattern("/no/such/page")    // "/*"
 */
export function readRoutePattern(pathname: string): string {
  return readPagePathOf(findSitePage(readPagePath(pathname)));
}

/**
 * Paths with a file extension that React Router answers (resource routes),
 * so the worker does not treat them as static files (rule 3.6).
 */
export const RESOURCE_ROUTES: readonly string[] = SITE_PAGES.filter((entry) => /\.[a-z]+$/.test(entry.pattern)).map(
  readPagePathOf,
);

/** The suffix React Router adds to a page path for its data requests. */
export const DATA_SUFFIX = ".data";

/**
 * The page path a document or data request is for: `/store.data` → `/store`,
 * `/_root.data` → `/` (React Router's name for the index route's data).
 */
export function readPagePath(pathname: string): string {
  if (!pathname.endsWith(DATA_SUFFIX)) return pathname;
  const base = pathname.slice(0, -DATA_SUFFIX.length);
  return base === "/_root" ? "/" : base;
}

/**
 * The registry entry React Router would match for a canonical page path:
 * a static pattern before a parameter, the catch-all (the 404 page) last.
 *
 * @param path canonical page path, e.g. `/product/vpf-tee` (no `.data`).
 */
export function findSitePage(path: string): SitePage {
  return (
    SITE_PAGES.find((entry) => !entry.pattern.includes(":") && entry.pattern !== "*" && matches(entry, path)) ??
    SITE_PAGES.find((entry) => entry.pattern.includes(":") && matches(entry, path)) ??
    CATCH_ALL
  );
}

/**
 * Whether a canonical path fits a pattern the way React Router matches it:
 * segment by segment, a `:param` segment taking any one non-empty segment.
 */
function matches(entry: SitePage, path: string): boolean {
  const want = entry.pattern === "" ? [] : entry.pattern.split("/");
  const have = path === "/" ? [] : path.slice(1).split("/");
  return (
    want.length === have.length && want.every((part, i) => (part.startsWith(":") ? have[i] !== "" : part === have[i]))
  );
}

const CATCH_ALL: SitePage = SITE_PAGES.find((entry) => entry.pattern === "*")!;

/**
 * The flag a canonical path needs (page, data request or API route), or
 * `null` when it is open to everyone or unknown.
 *
 * @param pathname canonical path, e.g. `/store.data`, `/api/checkout`.
 */
export function findRequiredFlag(pathname: string): FlagName | null {
  const api = API_ROUTES.find((route) => route.path === pathname);
  if (api) return api.flag;
  return findSitePage(readPagePath(pathname)).flag;
}

/** Whether a canonical path is open under the given flags (rule 1.5). */
export function isPathOpen(pathname: string, flags: Flags): boolean {
  const flag = findRequiredFlag(pathname);
  return flag === null || flags[flag];
}

function isPageOn(entry: SitePage, flags: Flags): boolean {
  return entry.flag === null || flags[entry.flag];
}

/** A link to a page, as navigation renders it. */
export interface SiteLink {
  label: string;
  to: string;
}

/**
 * The links of one place whose pages are open under `flags`, in order.
 *
 * @example listLinks("header", flags) // Home, Store?, Blog, Categories, About, Contact?
 */
export function listLinks(placement: Placement, flags: Flags): SiteLink[] {
  return SITE_PAGES.filter((entry) => entry.placements.includes(placement) && isPageOn(entry, flags)).map((entry) => ({
    label: entry.label,
    to: readPagePathOf(entry),
  }));
}

/** The canonical paths `/sitemap.xml` lists under `flags` (articles, categories and products are added by the caller). */
export function listSitemapPaths(flags: Flags): string[] {
  return SITE_PAGES.filter((entry) => entry.sitemap && isPageOn(entry, flags)).map(readPagePathOf);
}

/** Methods a canonical page path answers (rule 2.5), for the `Allow` header. */
export function listAllowedMethods(pagePath: string): string[] {
  return [...findSitePage(pagePath).methods];
}

/** Whether the page cache may keep the render of a canonical page path (rule 8.3). */
export function isCacheablePage(pagePath: string): boolean {
  return findSitePage(pagePath).cache === "page";
}

/** The navigation of a page under the current flags (rules 2.2, 2.6, 2.7). */
export interface SiteNav {
  header: SiteLink[];
  footerContent: SiteLink[];
  footerLegal: SiteLink[];
  popular: SiteLink[];
  /** Whether /newsletter is open (the Newsletter button, Join Newsletter and the prompts). */
  newsletter: boolean;
  /** Whether /store is open (the cart button). */
  store: boolean;
}

/** The header, footer Content and Legal links, the 404 page's popular links, and whether /newsletter is open. */
export function buildSiteNav(flags: Flags): SiteNav {
  return {
    header: listLinks("header", flags),
    footerContent: listLinks("footer-content", flags),
    footerLegal: listLinks("footer-legal", flags),
    popular: listLinks("popular", flags),
    newsletter: isPathOpen("/newsletter", flags),
    store: isPathOpen("/store", flags),
  };
}

/**
 * Whether a path names a static file rather than a page: its last segment has
 * an extension, and it is neither a `.data` request nor a resource route such
 * as `/rss.xml`.
 */
export function isStaticFilePath(pathname: string): boolean {
  const collapsed = pathname.replace(/\/{2,}/g, "/");
  const last = collapsed.slice(collapsed.lastIndexOf("/") + 1);
  if (!last.includes(".") || collapsed.toLowerCase().endsWith(DATA_SUFFIX)) return false;
  return !RESOURCE_ROUTES.includes(collapsed.toLowerCase().replace(/(.)\/$/, "$1"));
}
