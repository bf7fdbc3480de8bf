/** Cache-Control of everything the worker sends (rule 8.3), written here only; a page may be stricter, never looser. */
import type { Context, MiddlewareHandler } from "hono";
import { DATA_SUFFIX, findSitePage, isStaticFilePath } from "../core/page-registry";
import type { CachePolicy, WorkerEnv } from "./types";

export const CACHE_CONTROL = {
  revalidate: "private, no-cache",
  "no-store": "no-store",
  immutable: "public, max-age=31536000, immutable",
  feed: "public, max-age=300",
  redirect: "public, max-age=3600",
} as const satisfies Record<CachePolicy, string>;

/** Every HTML page carries a per-request nonce, so browsers always revalidate. */
export const HTML_CACHE_CONTROL = CACHE_CONTROL.revalidate;

/** The header is written on the way out. */
export function setCachePolicy(c: Context<WorkerEnv>, policy: CachePolicy): void {
  c.set("cachePolicy", policy);
}

/** For the copy in the Workers Cache API only, never a browser; lives `ttlMs`, at least 1 s. */
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
  // Answers made elsewhere without a header (React Router's 400s, 204s, redirects) must never be kept.
  if (!headers.has("cache-control") && !isStaticFilePath(path)) return "no-store";
  return null;
}

export function responsePolicy(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    await next();
    const policy = choosePolicy(c);
    if (policy) c.res.headers.set("Cache-Control", CACHE_CONTROL[policy]);
    if (!c.var.config?.debugHeaders) c.res.headers.delete("X-Render-Cache");
  };
}
