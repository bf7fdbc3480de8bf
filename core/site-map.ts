/**
 * The site map: every public page, the flag that gates it, and where it is
 * listed (header, footer columns, sitemap, the 404 page's popular links).
 * The one home of "which page needs which flag" (docs/product-rules.md
 * rules 1.5, 2.6, 2.7, 2.9): navigation, `/sitemap.xml`, the worker's API gate
 * and the route modules' `requireFlag` all read it, so they cannot disagree.
 *
 * Paths here are canonical (rule 2.1): lower case, no repeated slashes, no
 * trailing slash except `/`. Pure module: no imports beyond `./flags`.
 */
import type { FlagName, Flags } from "./flags";

/** Where a page is linked from. */
export type Placement = "header" | "footer-content" | "footer-legal" | "popular";

/** One public page or family of pages. */
export interface SitePage {
  /** Canonical path, e.g. `/store`; with `children`, the parent of `/product/{id}`. */
  path: string;
  /** `true` when the entry covers the sub-paths `path/{anything}` and not `path` itself. */
  children?: boolean;
  /** Link text where the page is listed. */
  label: string;
  /** The flag that must be on for the page to exist, or `null` for always on. */
  flag: FlagName | null;
  /** Places that link to the page, in the order of `SITE_PAGES`. */
  placements: readonly Placement[];
  /** Whether `/sitemap.xml` lists the page (while its flag is on). */
  sitemap: boolean;
  /** Whether the page takes a form POST (its route has an action); other pages answer 405 (rule 2.5). */
  acceptsPost?: boolean;
}

/** Every public page, in navigation order (rules 2.6 and 2.7). */
export const SITE_PAGES: readonly SitePage[] = [
  { path: "/", label: "Home", flag: null, placements: ["header", "footer-content"], sitemap: true },
  { path: "/store", label: "Store", flag: "store", placements: ["header", "footer-content"], sitemap: true },
  { path: "/product", children: true, label: "Product", flag: "store", placements: [], sitemap: false },
  { path: "/blog", label: "Blog", flag: null, placements: ["header", "footer-content", "popular"], sitemap: true },
  { path: "/blog", children: true, label: "Article", flag: null, placements: [], sitemap: false },
  {
    path: "/categories",
    label: "Categories",
    flag: null,
    placements: ["header", "footer-content", "popular"],
    sitemap: true,
  },
  { path: "/categories", children: true, label: "Category", flag: null, placements: [], sitemap: false },
  { path: "/about", label: "About", flag: null, placements: ["header", "footer-content", "popular"], sitemap: true },
  {
    path: "/contact",
    label: "Contact",
    flag: "contact",
    placements: ["header", "footer-content"],
    sitemap: true,
    acceptsPost: true,
  },
  { path: "/newsletter", label: "Newsletter", flag: "newsletter", placements: [], sitemap: true, acceptsPost: true },
  { path: "/disclaimer", label: "Disclaimer", flag: null, placements: ["footer-legal"], sitemap: true },
  { path: "/privacy", label: "Privacy", flag: null, placements: ["footer-legal"], sitemap: true },
  { path: "/terms", label: "Terms of Sale", flag: null, placements: ["footer-legal"], sitemap: true },
  { path: "/shipping", label: "Shipping & Returns", flag: null, placements: ["footer-legal"], sitemap: true },
  { path: "/success", label: "Order complete", flag: null, placements: [], sitemap: false },
  { path: "/please-hold", label: "Please hold", flag: null, placements: [], sitemap: false },
];

/** Worker endpoints and the flag each needs (rule 1.5); answered with JSON, never a page. */
export const API_ROUTES: ReadonlyArray<{ path: string; flag: FlagName | null }> = [
  { path: "/api/checkout", flag: "store" },
  { path: "/api/csp-report", flag: null },
];

/**
 * Paths with a file extension that React Router answers (resource routes),
 * so the worker does not treat them as static files (rule 3.6).
 */
export const RESOURCE_ROUTES: readonly string[] = ["/rss.xml", "/sitemap.xml", "/robots.txt"];

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
 * The site-map entry for a canonical page path, or `undefined` for a path
 * no entry covers (the 404 page).
 *
 * @param path canonical page path, e.g. `/product/vpf-tee` (no `.data`).
 */
export function findSitePage(path: string): SitePage | undefined {
  return SITE_PAGES.find((page) =>
    page.children ? path.startsWith(`${page.path}/`) && path.length > page.path.length + 1 : page.path === path,
  );
}

/**
 * The flag a canonical path needs (page, data request or API route), or
 * `null` when it is open to everyone or unknown.
 *
 * @param pathname canonical path, e.g. `/store.data`, `/api/checkout`.
 */
export function findRequiredFlag(pathname: string): FlagName | null {
  const api = API_ROUTES.find((route) => route.path === pathname);
  if (api) return api.flag;
  return findSitePage(readPagePath(pathname))?.flag ?? null;
}

/** Whether a canonical path is open under the given flags (rule 1.5). */
export function isPathOpen(pathname: string, flags: Flags): boolean {
  const flag = findRequiredFlag(pathname);
  return flag === null || flags[flag];
}

function isPageOn(page: SitePage, flags: Flags): boolean {
  return page.flag === null || flags[page.flag];
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
  return SITE_PAGES.filter((page) => page.placements.includes(placement) && isPageOn(page, flags)).map((page) => ({
    label: page.label,
    to: page.path,
  }));
}

/** The canonical paths `/sitemap.xml` lists under `flags` (articles, categories and products are added by the caller). */
export function listSitemapPaths(flags: Flags): string[] {
  return SITE_PAGES.filter((page) => page.sitemap && isPageOn(page, flags)).map((page) => page.path);
}

/** Methods a canonical page path answers (rule 2.5), for the `Allow` header. */
export function listAllowedMethods(pagePath: string): string[] {
  return findSitePage(pagePath)?.acceptsPost ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"];
}
