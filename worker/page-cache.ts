/**
 * The page cache (rule 8.3), on the platform's Workers Cache API
 * (`caches.default`), which every isolate of a location shares and which
 * `wrangler dev` provides locally.
 *
 * What is stored: complete renders of GET documents without a query string
 * (no visitor input is ever in a cached page), status 200, `text/html`, no
 * `Set-Cookie`, and no error reported by React after the shell was sent.
 * The key holds the canonical URL (origin and path; the worker has already
 * redirected every other spelling), the flags, the public configuration,
 * the build and whether the client is a bot (bots get the fully rendered
 * page, browsers the streamed one, so they never share bytes).
 *
 * The CSP nonce stays fresh: the stored copy remembers the byte offsets of
 * the nonce it was rendered with (128 random bits, never shown to anyone
 * else), and on the way out this request's nonce, always the same length, is
 * written over each of them in the bytes as read; the page is never decoded
 * (bench/README.md, "Render cost"). The security-headers middleware sends
 * the matching header. Visitors get
 * `Cache-Control: private, no-cache` (see `response-policy.ts`); only the
 * stored copy carries a shared lifetime of `htmlTtlMs`.
 */
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import { isBotUserAgent } from "../core/bots";
import type { RenderOutcome } from "../core/edge-context";
import { isCacheablePage, readPagePath } from "../core/site-map";
import { BUILD_ID } from "./config";
import { setStoredPageCacheControl } from "./response-policy";
import { isStaticFilePath } from "./canonical-url";
import type { WorkerEnv } from "./types";

/** Header on a stored copy: `{nonce length}:{byte offset},{byte offset},…` of the nonce it was rendered with. */
const STORED_NONCE_HEADER = "x-page-nonce";
const StoredNonceSchema = v.pipe(
  v.string(),
  v.regex(/^\d+:(\d+(,\d+)*)?$/),
  v.transform((value) => {
    const [length, offsets] = value.split(":");
    return { length: Number(length), offsets: offsets ? offsets.split(",").map(Number) : [] };
  }),
);
const encoder = new TextEncoder();

/** The build this worker was made from; a new build never reads an older build's pages. */

/** Whether a request may be answered from, or stored in, the page cache. */
export function isCacheableRequest(method: string, url: URL): boolean {
  if (method !== "GET" || url.search !== "") return false;
  const path = url.pathname;
  if (readPagePath(path) !== path || path.startsWith("/api/") || path === "/__manifest") return false;
  return !isStaticFilePath(path) && isCacheablePage(path);
}

/**
 * The cache key of a page: a request for a URL that only the page cache
 * uses, `{origin}{path}?page-cache={build}.{variant}.{flags}.{config}`.
 */
export function buildPageCacheKey(url: URL, variant: "bot" | "browser", flagsKey: string, configKey: string): Request {
  const key = new URL(url.pathname, url.origin);
  key.searchParams.set("page-cache", [BUILD_ID, variant, flagsKey, configKey].join("."));
  return new Request(key.toString(), { method: "GET" });
}

function encodeFlags(flags: Record<string, boolean>): string {
  return Object.entries(flags)
    .map(([name, on]) => `${name}-${on ? 1 : 0}`)
    .join("_");
}

/**
 * Hono middleware; needs `c.var.flags`, `c.var.config` and the nonce from
 * `securityHeaders`, and `c.var.render`, which the render fills in.
 */
export function pageCache(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const { htmlTtlMs, authOrigin, debugHeaders } = c.var.config;
    const url = new URL(c.req.url);
    const nonce = c.var.secureHeadersNonce;
    if (htmlTtlMs === 0 || !nonce || !isCacheableRequest(c.req.method, url)) return next();

    const userAgent = c.req.header("user-agent") ?? "";
    const key = buildPageCacheKey(
      url,
      isBotUserAgent(userAgent) ? "bot" : "browser",
      encodeFlags(c.var.flags),
      encodeURIComponent(authOrigin ?? "none"),
    );
    const cache = openCache();
    const hit = cache ? await cache.match(key) : undefined;
    const stored = hit ? v.safeParse(StoredNonceSchema, hit.headers.get(STORED_NONCE_HEADER)) : null;
    const freshNonce = encoder.encode(nonce);
    const body =
      stored?.success && stored.output.length === freshNonce.length ? new Uint8Array(await hit!.arrayBuffer()) : null;
    if (
      hit &&
      stored?.success &&
      body &&
      stored.output.offsets.every((offset) => offset + freshNonce.length <= body.length)
    ) {
      for (const offset of stored.output.offsets) body.set(freshNonce, offset);
      const headers = new Headers(hit.headers);
      headers.delete(STORED_NONCE_HEADER);
      headers.delete("cache-control");
      headers.delete("age");
      if (debugHeaders) headers.set("X-Render-Cache", "hit");
      return new Response(body, { status: 200, headers });
    }
    // A copy whose nonce cannot be swapped is never served; the render below replaces it.
    if (!body) await hit?.body?.cancel();

    await next();
    const response = c.res;
    if (!cache || !isStorable(response)) return;
    const [forVisitor, forCache] = response.body!.tee();
    c.res = new Response(forVisitor, response);
    if (debugHeaders) c.res.headers.set("X-Render-Cache", "miss");
    const render = c.var.render;
    const store = storePage(cache, key, forCache, response.headers, nonce, htmlTtlMs, render).catch(() => {
      // The visitor's copy is unaffected; the page is simply not cached.
    });
    try {
      c.executionCtx.waitUntil(store);
    } catch {
      // No execution context (some test harnesses): the promise still settles.
    }
  };
}

function openCache(): Cache | null {
  try {
    return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
  } catch {
    return null;
  }
}

function isStorable(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  const cacheControl = response.headers.get("cache-control") ?? "";
  return (
    response.status === 200 &&
    type.startsWith("text/html") &&
    !response.headers.has("set-cookie") &&
    !/no-store|private/.test(cacheControl) &&
    response.body !== null
  );
}

async function storePage(
  cache: Cache,
  key: Request,
  body: ReadableStream<Uint8Array>,
  source: Headers,
  nonce: string,
  ttlMs: number,
  render: RenderOutcome,
): Promise<void> {
  const bytes = new Uint8Array(await new Response(body).arrayBuffer());
  // Read after the stream ended: an error React reported mid-stream means an incomplete page.
  if (render.streamError) return;
  const nonceBytes = encoder.encode(nonce);
  const headers = new Headers();
  for (const name of ["content-type", "content-language", "link", "vary"]) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(STORED_NONCE_HEADER, `${nonceBytes.length}:${findOffsets(bytes, nonceBytes).join(",")}`);
  setStoredPageCacheControl(headers, ttlMs);
  await cache.put(key, new Response(bytes, { status: 200, headers }));
}

/** Byte offsets of every occurrence of `needle` (non-empty) in `bytes`, without overlaps. */
export function findOffsets(bytes: Uint8Array, needle: Uint8Array): number[] {
  const offsets: number[] = [];
  const first = needle[0]!;
  let at = bytes.indexOf(first);
  while (at !== -1 && at + needle.length <= bytes.length) {
    let index = 1;
    while (index < needle.length && bytes[at + index] === needle[index]) index++;
    if (index === needle.length) {
      offsets.push(at);
      at = bytes.indexOf(first, at + needle.length);
    } else {
      at = bytes.indexOf(first, at + 1);
    }
  }
  return offsets;
}
