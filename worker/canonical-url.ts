/** Canonical URLs (rule 2.1), redirected early so gates, the page cache and React Router only see canonical paths. */
import type { MiddlewareHandler } from "hono";
import { DATA_SUFFIX, isStaticFilePath } from "../core/page-registry";
import type { WorkerEnv } from "./types";
import { setCachePolicy } from "./response-policy";

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** RFC 3986 section 6.2.2: `/%53tore` and `/store` are one path. */
export function normalizeEscapes(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

function canonicalizePagePath(path: string): string {
  const lowered = path.toLowerCase().replace(/\/{2,}/g, "/");
  const trimmed = lowered.length > 1 ? lowered.replace(/\/+$/, "") || "/" : lowered;
  return trimmed.replace(/%[0-9a-f]{2}/g, (escape) => escape.toUpperCase());
}

/** `pathname` as the URL parser gives it; static files keep their case and only lose repeated slashes. */
export function canonicalizePath(pathname: string): string {
  const path = normalizeEscapes(pathname);
  if (isStaticFilePath(path)) return path.replace(/\/{2,}/g, "/");
  if (path.toLowerCase().endsWith(DATA_SUFFIX)) {
    const page = canonicalizePagePath(path.slice(0, -DATA_SUFFIX.length));
    return `${page === "/" ? "/_root" : page}${DATA_SUFFIX}`;
  }
  return canonicalizePagePath(path);
}

/** Redirects a non-canonical path: 301 for GET and HEAD, else 308, which keeps the method. */
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
