/**
 * Canonical URLs (rule 2.1), the first rule after the security headers.
 * Page paths (and their `.data` requests) are lower case, without repeated
 * slashes and without a trailing slash except `/`; static files keep their
 * exact, case-sensitive names and only lose repeated slashes. Percent-encoded
 * unreserved characters are decoded and other escapes upper-cased (RFC 3986
 * section 6.2.2), so `/%53tore` and `/store` are one path.
 *
 * A GET or HEAD for a non-canonical path answers 301 to the canonical one with
 * the query kept; any other method answers 308 (which keeps the method), so
 * flags, gates, the page cache and React Router only ever see canonical paths.
 */
import type { MiddlewareHandler } from "hono";
import { DATA_SUFFIX, isStaticFilePath } from "../core/page-registry";
import type { WorkerEnv } from "./types";
import { setCachePolicy } from "./response-policy";

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Decodes escapes of unreserved characters and upper-cases the others (RFC 3986 section 6.2.2). */
export function normalizeEscapes(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

function canonicalizePagePath(path: string): string {
  const lowered = path.toLowerCase().replace(/\/{2,}/g, "/");
  const trimmed = lowered.length > 1 ? lowered.replace(/\/+$/, "") || "/" : lowered;
  // Escapes stay upper case (RFC 3986 section 6.2.2.1) while the rest is lowered.
  return trimmed.replace(/%[0-9a-f]{2}/g, (escape) => escape.toUpperCase());
}

/**
 * The canonical form of a URL path.
 *
 * @param pathname as the URL parser gives it (dot segments already resolved).
 * @returns the same string when it is already canonical.
 * @example canonicalizePath("/Store//") // "/store"
 * @example canonicalizePath("/store//.data") // "/store.data"
 * @example canonicalizePath("//assets//App-X1.js") // "/assets/App-X1.js"
 */
export function canonicalizePath(pathname: string): string {
  const path = normalizeEscapes(pathname);
  if (isStaticFilePath(path)) return path.replace(/\/{2,}/g, "/");
  if (path.toLowerCase().endsWith(DATA_SUFFIX)) {
    const page = canonicalizePagePath(path.slice(0, -DATA_SUFFIX.length));
    return `${page === "/" ? "/_root" : page}${DATA_SUFFIX}`;
  }
  return canonicalizePagePath(path);
}

/** Hono middleware: redirects any request for a non-canonical path. */
export function canonicalUrls(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const canonical = canonicalizePath(url.pathname);
    if (canonical === url.pathname) return next();
    const safeMethod = c.req.method === "GET" || c.req.method === "HEAD";
    setCachePolicy(c, "redirect");
    return c.redirect(`${canonical}${url.search}`, safeMethod ? 301 : 308);
  };
}
