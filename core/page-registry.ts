/** The site map (rules 1.5, 2.1, 2.5 to 2.7, 2.9, 8.3): routes, gates, navigation, sitemap, `Allow` and caching. */
import { matchRoutes } from "react-router";
import type { FlagName, Flags } from "./flags";

export type Placement = "header" | "footer-content" | "footer-legal" | "popular";

export type PageMethod = "GET" | "HEAD" | "POST";

/** How a route is cached (rule 8.3): `page` by the page cache, `feed` by shared caches only, `none` never. */
export type CacheClass = "page" | "feed" | "none";

export interface SitePage {
  /** React Router path pattern without the leading slash: `""` (home), `product/:id`, `*`. */
  pattern: string;
  /** The route module, relative to `app/`. */
  file: string;
  /** `shell`: inside the header/footer layout; `bare`: standalone. */
  layout: "shell" | "bare";
  label: string;
  /** The flag that must be on for the page to exist; `null` for always. */
  flag: FlagName | null;
  /** Other methods get 405 with `Allow` (rule 2.5); POST means an `action`, unless `postedToWorker`. */
  methods: readonly PageMethod[];
  /** POST is answered by a worker route before React Router (`/cart`'s form posts, decision 023). */
  postedToWorker: boolean;
  placements: readonly Placement[];
  sitemap: boolean;
  cache: CacheClass;
  /** A list whose later pages are `?page=N`, each its own canonical address that the page cache keeps (rule 3.9). */
  paginated: boolean;
}

const READ: readonly PageMethod[] = ["GET", "HEAD"];
const FORM: readonly PageMethod[] = ["GET", "HEAD", "POST"];
const NAV: readonly Placement[] = ["header", "footer-content"];
const NAV_POPULAR: readonly Placement[] = [...NAV, "popular"];

/** Every route of the site, pages in navigation order (rules 2.6 and 2.7). */
export const SITE_PAGES: readonly SitePage[] = [
  page("", "routes/home.tsx", "Home", { placements: NAV, sitemap: true }),
  page("store", "routes/store.tsx", "Store", { flag: "store", placements: NAV, sitemap: true }),
  page("product/:id", "routes/product.tsx", "Product", { flag: "store" }),
  page("cart", "routes/cart.tsx", "Cart", { flag: "store", methods: FORM, postedToWorker: true, cache: "none" }),
  page("blog", "routes/blog.tsx", "Blog", { placements: NAV_POPULAR, sitemap: true, paginated: true }),
  page("blog/:slug", "routes/blog-article.tsx", "Article"),
  page("categories", "routes/categories.tsx", "Categories", { placements: NAV_POPULAR, sitemap: true }),
  page("categories/:slug", "routes/category.tsx", "Category", { paginated: true }),
  page("tags/:tag", "routes/tag.tsx", "Tag", { paginated: true }),
  page("search", "routes/search.tsx", "Search"),
  page("about", "routes/about.tsx", "About", { placements: NAV_POPULAR, sitemap: true }),
  page("contact", "routes/contact.tsx", "Contact", { flag: "contact", methods: FORM, placements: NAV, sitemap: true }),
  page("newsletter", "routes/newsletter.tsx", "Newsletter", { flag: "newsletter", methods: FORM, sitemap: true }),
  page("newsletter/issues", "routes/newsletter-issues.tsx", "Past issues", {
    flag: "newsletter",
    sitemap: true,
    paginated: true,
  }),
  page("newsletter/issues/:slug", "routes/newsletter-issue.tsx", "Newsletter issue", { flag: "newsletter" }),
  page("disclaimer", "routes/disclaimer.tsx", "Disclaimer", { placements: ["footer-legal"], sitemap: true }),
  page("privacy", "routes/privacy.tsx", "Privacy", { placements: ["footer-legal"], sitemap: true }),
  page("terms", "routes/terms.tsx", "Terms of Sale", { placements: ["footer-legal"], sitemap: true }),
  page("shipping", "routes/shipping.tsx", "Shipping & Returns", { placements: ["footer-legal"], sitemap: true }),
  page("success", "routes/success.tsx", "Order complete"),
  page("newsletter/confirm", "routes/newsletter-confirm.tsx", "Confirm subscription", { methods: FORM, cache: "none" }),
  page("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx", "Unsubscribe", { methods: FORM, cache: "none" }),
  page("please-hold", "routes/please-hold.tsx", "Please hold", { layout: "bare" }),
  page("rss.xml", "routes/rss.ts", "RSS feed", { layout: "bare", cache: "feed" }),
  page("newsletter/rss.xml", "routes/newsletter-rss.ts", "Newsletter RSS feed", {
    layout: "bare",
    flag: "newsletter",
    cache: "feed",
  }),
  page("sitemap.xml", "routes/sitemap.ts", "Sitemap", { layout: "bare", cache: "feed" }),
  page("robots.txt", "routes/robots.ts", "Robots", { layout: "bare", cache: "feed" }),
  page("*", "routes/not-found.tsx", "Page Not Found", { cache: "none" }),
];

function page(pattern: string, file: string, label: string, fields: Partial<SitePage> = {}): SitePage {
  return {
    pattern,
    file,
    label,
    layout: "shell",
    flag: null,
    methods: READ,
    postedToWorker: false,
    placements: [],
    sitemap: false,
    cache: "page",
    paginated: false,
    ...fields,
  };
}

/** `/` + the pattern: `/`, `/store`, `/blog/:slug`. */
export function readPagePathOf(page: Pick<SitePage, "pattern">): string {
  return `/${page.pattern}`;
}

/** Worker JSON endpoints and the flag each needs (rule 1.5). */
export const API_ROUTES: ReadonlyArray<{ path: string; flag: FlagName | null }> = [
  { path: "/api/checkout", flag: "store" },
  { path: "/api/csp-report", flag: null },
  { path: "/api/vitals", flag: null },
  { path: "/api/newsletter/send", flag: null },
];

/** Every route pattern as React Router names it, `/*` (the 404 page) included. */
export function listRoutePatterns(): string[] {
  return SITE_PAGES.map(readPagePathOf);
}

/** The route pattern of a canonical path (`/blog/x` → `/blog/:slug`); field data names pages by it (rule 8.5). */
export function readRoutePattern(pathname: string): string {
  return readPagePathOf(findSitePage(readPagePath(pathname)));
}

/** Paths with a file extension that React Router answers, not static files (rule 3.6). */
export const RESOURCE_ROUTES: readonly string[] = SITE_PAGES.filter((entry) => /\.[a-z]+$/.test(entry.pattern)).map(
  readPagePathOf,
);

export const DATA_SUFFIX = ".data";

/** The page path of a document or data request: `/store.data` → `/store`, `/_root.data` → `/`. */
export function readPagePath(pathname: string): string {
  if (!pathname.endsWith(DATA_SUFFIX)) return pathname;
  const base = pathname.slice(0, -DATA_SUFFIX.length);
  return base === "/_root" ? "/" : base;
}

const ROUTE_OBJECTS = SITE_PAGES.map((entry) => ({ path: readPagePathOf(entry), handle: entry }));

/** The entry React Router matches for a canonical page path (no `.data`); the catch-all when none does. */
export function findSitePage(path: string): SitePage {
  return matchRoutes(ROUTE_OBJECTS, path)?.[0]?.route.handle ?? CATCH_ALL;
}

const CATCH_ALL: SitePage = SITE_PAGES.find((entry) => entry.pattern === "*")!;

/** The flag a canonical page, data or API path needs; `null` when open to everyone. */
export function findRequiredFlag(pathname: string): FlagName | null {
  return (API_ROUTES.find((route) => route.path === pathname) ?? findSitePage(readPagePath(pathname))).flag;
}

/** Whether a canonical path is open under the given flags (rule 1.5). */
export function isPathOpen(pathname: string, flags: Flags): boolean {
  const flag = findRequiredFlag(pathname);
  return flag === null || flags[flag];
}

export interface SiteLink {
  label: string;
  to: string;
}

/** The links of one place whose pages are open under `flags`, in order. */
export function listLinks(placement: Placement, flags: Flags): SiteLink[] {
  return SITE_PAGES.filter(
    (entry) => entry.placements.includes(placement) && isPathOpen(readPagePathOf(entry), flags),
  ).map((entry) => ({ label: entry.label, to: readPagePathOf(entry) }));
}

/** The registry's paths `/sitemap.xml` lists; the caller adds articles, categories and products. */
export function listSitemapPaths(flags: Flags): string[] {
  return SITE_PAGES.filter((entry) => entry.sitemap && isPathOpen(readPagePathOf(entry), flags)).map(readPagePathOf);
}

/** For the `Allow` header (rule 2.5). */
export function listAllowedMethods(pagePath: string): string[] {
  return [...findSitePage(pagePath).methods];
}

/** A list's later page in the only spelling the page cache keeps: `?page=N`, N a whole number from 2 (rule 3.9). */
const LATER_PAGE_SEARCH = /^\?page=(?:[2-9]|[1-9]\d{1,5})$/;

/**
 * Whether the page cache may keep the render of a canonical page path with this query string (`""` for none, else
 * with its `?`), rule 8.3: a page without one, or a list's later page (rule 3.9). Searches and filters are the
 * visitor's own and never kept.
 */
export function isCacheablePage(pagePath: string, search = ""): boolean {
  const page = findSitePage(pagePath);
  return page.cache === "page" && (search === "" || (page.paginated && LATER_PAGE_SEARCH.test(search)));
}

/** A page's navigation under the current flags (rules 2.2, 2.6, 2.7). */
export interface SiteNav {
  header: SiteLink[];
  footerContent: SiteLink[];
  footerLegal: SiteLink[];
  popular: SiteLink[];
  newsletter: boolean;
  store: boolean;
}

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

/** Whether a path names a static file: an extension, and neither `.data` nor a resource route. */
export function isStaticFilePath(pathname: string): boolean {
  const collapsed = pathname.replace(/\/{2,}/g, "/");
  const last = collapsed.slice(collapsed.lastIndexOf("/") + 1);
  if (!last.includes(".") || collapsed.toLowerCase().endsWith(DATA_SUFFIX)) return false;
  return !RESOURCE_ROUTES.includes(collapsed.toLowerCase().replace(/(.)\/$/, "$1"));
}
