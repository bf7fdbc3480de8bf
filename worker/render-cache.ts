/**
 * A per-isolate cache of rendered pages (issue 6: SSR throughput). Pages here
 * depend only on the path, the flags and the deployment's configuration (the
 * cart, theme and accounts live in the browser), so the HTML React Router
 * streams for a path can serve the next requests for the same path for a
 * short time. The first request streams as usual; the copy is kept as it
 * passes.
 *
 * Safety:
 * - Only GET documents without a query string (no visitor input is ever in a
 *   cached page), status 200, `text/html`, no `Set-Cookie`, no `no-store`.
 * - The key holds the host, path, flags and the auth configuration, so a flag
 *   change is visible at once.
 * - The CSP nonce stays fresh: the cached copy remembers the nonce it was
 *   rendered with (128 random bits, never shown to anyone else) and every
 *   occurrence is replaced with this request's nonce; the security-headers
 *   middleware sends the matching header.
 * - Entries live `HTML_CACHE_TTL_MS` (default 60 000 ms; 0 turns the cache
 *   off), at most 200 per isolate, oldest evicted first.
 */
import type { MiddlewareHandler } from "hono";
import { readMilliseconds } from "./durations";
import { mayBeStaticAsset } from "./static-assets";
import type { WorkerEnv } from "./types";

/** Entry lifetime when `HTML_CACHE_TTL_MS` is unset, in ms. */
export const DEFAULT_HTML_CACHE_TTL_MS = 60_000;

/** Most pages one isolate keeps. */
export const MAX_CACHED_PAGES = 200;

interface CachedPage {
  body: string;
  nonce: string;
  headers: [string, string][];
  expiresAt: number;
}

const pages = new Map<string, CachedPage>();

/** Forgets every cached page (tests). */
export function clearRenderCache(): void {
  pages.clear();
}

/** Whether a request may be answered from, or stored in, the cache. */
export function isCacheableRequest(method: string, url: URL): boolean {
  if (method !== "GET" || url.search !== "") return false;
  const path = url.pathname;
  if (path.endsWith(".data") || path.startsWith("/api/") || path.startsWith("/sandbox/") || path === "/__manifest") {
    return false;
  }
  return !mayBeStaticAsset(path);
}

/** Hono middleware; needs `c.var.flags` and the nonce from `securityHeaders`. */
export function renderCache(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const ttl = readMilliseconds(c.env.HTML_CACHE_TTL_MS, DEFAULT_HTML_CACHE_TTL_MS);
    const url = new URL(c.req.url);
    const nonce = c.var.secureHeadersNonce;
    if (ttl === 0 || !nonce || !isCacheableRequest(c.req.method, url)) return next();

    const key = [
      url.host,
      url.pathname,
      JSON.stringify(c.var.flags),
      c.env.SUPABASE_URL ?? "",
      c.env.SUPABASE_ANON_KEY ?? "",
    ].join("|");
    const now = Date.now();
    const hit = pages.get(key);
    if (hit && hit.expiresAt > now) {
      const headers = new Headers(hit.headers);
      headers.set("X-Render-Cache", "hit");
      return new Response(hit.body.replaceAll(hit.nonce, nonce), { status: 200, headers });
    }
    if (hit) pages.delete(key);

    await next();
    const response = c.res;
    const type = response.headers.get("content-type") ?? "";
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (
      response.status !== 200 ||
      !type.startsWith("text/html") ||
      response.headers.has("set-cookie") ||
      /no-store|private/.test(cacheControl) ||
      !response.body
    ) {
      return;
    }
    const [forVisitor, forCache] = response.body.tee();
    c.res = new Response(forVisitor, response);
    c.res.headers.set("X-Render-Cache", "miss");
    const store = new Response(forCache)
      .text()
      .then((body) => {
        if (pages.size >= MAX_CACHED_PAGES) {
          const oldest = pages.keys().next().value;
          if (oldest !== undefined) pages.delete(oldest);
        }
        const headers = [...response.headers].filter(([name]) => !/^content-security-policy$/i.test(name));
        pages.set(key, { body, nonce, headers, expiresAt: Date.now() + ttl });
      })
      .catch(() => {
        // The visitor's copy is unaffected; the page is simply not cached.
      });
    try {
      c.executionCtx.waitUntil(store);
    } catch {
      // No execution context (some test harnesses): the promise still settles.
    }
  };
}
