/**
 * Cache-Control of everything that leaves the worker (rule 8.3), written
 * here and nowhere else. A handler names a policy (`setCachePolicy`); the
 * page registry names a route's class; otherwise the kind of answer decides:
 *
 * | policy       | header                                | used for                                        |
 * | ------------ | ------------------------------------- | ----------------------------------------------- |
 * | `revalidate` | `private, no-cache`                   | every HTML page: it carries a per-request nonce |
 * | `no-store`   | `no-store`                            | `.data`, JSON, beacons, errors, 405s, holding   |
 * | `immutable`  | `public, max-age=31536000, immutable` | fingerprinted `/assets/*` (RFC 8246)            |
 * | `feed`       | `public, max-age=300`                 | the registry's `feed` routes: RSS, sitemap, robots |
 * | `redirect`   | `public, max-age=3600`                | 301/308 to a canonical address                  |
 *
 * A page may be stricter (an HTML `no-store` stays) but never looser. Other
 * public files keep what the assets binding sends; any other answer without
 * a header of its own gets `no-store`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { DATA_SUFFIX, findSitePage, isStaticFilePath } from "../core/page-registry";
import type { CachePolicy, WorkerEnv } from "./types";

/** The named policies and the header each writes. */
export const CACHE_CONTROL = {
  revalidate: "private, no-cache",
  "no-store": "no-store",
  immutable: "public, max-age=31536000, immutable",
  feed: "public, max-age=300",
  redirect: "public, max-age=3600",
} as const satisfies Record<CachePolicy, string>;

/** Cache-Control of every HTML response. */
export const HTML_CACHE_CONTROL = CACHE_CONTROL.revalidate;

/** Names the policy of the answer being made (the header is written on the way out). */
export function setCachePolicy(c: Context<WorkerEnv>, policy: CachePolicy): void {
  c.set("cachePolicy", policy);
}

/**
 * Sets the header a page copy is kept under in the Workers Cache API: the
 * copy lives `ttlMs` (at least 1 s). Never sent to a browser: every page
 * leaves with `revalidate`.
 */
export function setStoredPageCacheControl(headers: Headers, ttlMs: number): void {
  headers.set("Cache-Control", `public, max-age=${Math.max(1, Math.round(ttlMs / 1000))}`);
}

function choosePolicy(c: Context<WorkerEnv>): CachePolicy | null {
  const named = c.var.cachePolicy;
  if (named) return named;
  const headers = c.res.headers;
  const type = headers.get("content-type") ?? "";
  const path = c.req.path;
  if (path.endsWith(DATA_SUFFIX) || /^application\/(?:[\w.+-]+\+)?json/i.test(type)) return "no-store";
  if (type.startsWith("text/html"))
    return /no-store/.test(headers.get("cache-control") ?? "") ? "no-store" : "revalidate";
  if (c.res.ok && findSitePage(path).cache === "feed") return "feed";
  // Answers made elsewhere with no header of their own (React Router's 400 to a foreign post, its
  // manifest's 204, a redirect to /404) are never to be kept; public files keep the assets binding's.
  if (!headers.has("cache-control") && !isStaticFilePath(path)) return "no-store";
  return null;
}

/** Hono middleware that writes the chosen policy on the way out. */
export function responsePolicy(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    await next();
    const policy = choosePolicy(c);
    if (policy) c.res.headers.set("Cache-Control", CACHE_CONTROL[policy]);
    if (!c.var.config?.debugHeaders) c.res.headers.delete("X-Render-Cache");
  };
}
