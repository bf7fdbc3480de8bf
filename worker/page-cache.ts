/**
 * The page cache (rule 8.3), on the platform's Workers Cache API
 * (`caches.default`), which every isolate of a data centre shares and which
 * `wrangler dev` provides locally.
 *
 * What is stored: complete renders of GET documents without a query string
 * (no visitor input is ever in a cached page) of routes whose registry entry
 * has the cache class `page`, status 200, `text/html`, no `Set-Cookie`, and
 * no error reported by React after the shell was sent. The key holds the
 * canonical URL (origin and path; the worker has already redirected every
 * other spelling), the build, whether the client is a bot (bots get the
 * fully rendered page, browsers the streamed one), the flags, the public
 * configuration and the UTC year (the footer's copyright line): everything a
 * page can change with. So an entry lives `htmlTtlMs` (a day by default);
 * once it is past half its life, the next visitor still gets it at once and
 * a fresh render replaces it in the background (`waitUntil`), as
 * `stale-while-revalidate` would.
 *
 * A stored copy is served byte for byte, with a hash-based CSP instead of a
 * nonce (rule 8.1; strict CSP recommends nonces for pages rendered per
 * request and hashes for cached ones): when a render is stored, Workers'
 * `HTMLRewriter` reads the text of each script that carries the render's own
 * nonce (never a script without it, so markup injected into a render cannot
 * whitelist itself), and the SHA-256 of each (Web Crypto) is kept with the
 * copy; a hit hands those hashes to `securityHeaders`, which writes them in
 * place of the request's nonce. Visitors get `Cache-Control: private,
 * no-cache` (see `response-policy.ts`); only the stored copy carries a shared
 * lifetime.
 */
import type { Context, MiddlewareHandler } from "hono";
import { encodeBase64 } from "hono/utils/encode";
import * as v from "valibot";
import { isBotUserAgent } from "../core/bots";
import type { RenderOutcome } from "../core/edge-context";
import { isCacheablePage, isStaticFilePath, readPagePath } from "../core/page-registry";
import { BUILD_ID, type Config, readPublicConfig } from "./config";
import { setStoredPageCacheControl } from "./response-policy";
import { createNonce } from "./security-headers";
import { INERT_MODULE_TYPE } from "./html-rewrites";
import type { WorkerEnv } from "./types";
import { appendServerTiming, SERVER_TIMING_HEADER } from "./server-timing";

/** `Server-Timing` of an answer from the page cache, and of one it did not have (`server-timing.ts`). */
const SERVER_TIMING_HIT = "cache;desc=hit";
const SERVER_TIMING_MISS = "cache;desc=miss";

/**
 * Headers on a stored copy: the CSP hash sources of its scripts
 * (`'sha256-…'`, space-separated), and when it was stored (ms since the epoch).
 */
const STORED_SCRIPT_HASHES_HEADER = "x-page-script-hashes";
const STORED_AT_HEADER = "x-page-stored-at";

/** A stored copy's own headers, checked before the copy is served. */
const StoredPageSchema = v.object({
  scriptHashes: v.pipe(v.string(), v.regex(/^'sha256-[A-Za-z0-9+/]{43}='(?: 'sha256-[A-Za-z0-9+/]{43}='){0,63}$/)),
  storedAt: v.pipe(v.string(), v.regex(/^\d{1,16}$/), v.transform(Number)),
});

/** Script types a browser runs: classic, module, and the inert module the starter brings to life (`html-rewrites.ts`). */
const RUNNABLE_SCRIPT_TYPES = new Set(["", "text/javascript", "module", INERT_MODULE_TYPE]);

const publicConfigHashes = new WeakMap<Config, Promise<string>>();

/**
 * SHA-256 (hex, first 32 digits) of what pages receive of the configuration
 * (`readPublicConfig`), once per parsed configuration.
 */
function hashPublicConfig(config: Config): Promise<string> {
  let hash = publicConfigHashes.get(config);
  if (!hash) {
    const text = new TextEncoder().encode(JSON.stringify(readPublicConfig(config)));
    hash = crypto.subtle.digest("SHA-256", text).then((digest) =>
      [...new Uint8Array(digest)]
        .map((byte) => byte.toString(16).padStart(2, "0"))
        .join("")
        .slice(0, 32),
    );
    publicConfigHashes.set(config, hash);
  }
  return hash;
}

/** Whether a request may be answered from, or stored in, the page cache. */
export function isCacheableRequest(method: string, url: URL): boolean {
  if (method !== "GET" || url.search !== "") return false;
  const path = url.pathname;
  if (readPagePath(path) !== path || path.startsWith("/api/") || path === "/__manifest") return false;
  return !isStaticFilePath(path) && isCacheablePage(path);
}

/**
 * The cache key of a page: a request for a URL that only the page cache
 * uses, `{origin}{path}?page-cache={build}.{variant}.{flags}.{config}`, where
 * `config` is the hash of what pages receive of the configuration and the UTC year.
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

/** Renders a page afresh for the page cache: the request, a nonce for it, and the slot for its outcome. */
export type PageRenderer = (request: Request, nonce: string, render: RenderOutcome) => Promise<Response>;

/** Keys of this isolate's background refreshes under way (one render per key at a time). */
const refreshing = new Set<string>();

/**
 * Hono middleware; needs `c.var.flags`, `c.var.config`, the nonce from
 * `securityHeaders`, and `c.var.render`, which the render fills in.
 *
 * @param renderPage renders a page for a background refresh, as the last
 *   handler does for a visitor.
 */
export function pageCache(renderPage: PageRenderer): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const { htmlTtlMs, debugHeaders } = c.var.config;
    const url = new URL(c.req.url);
    const nonce = c.var.secureHeadersNonce;
    if (htmlTtlMs === 0 || !nonce || !isCacheableRequest(c.req.method, url)) return next();

    const userAgent = c.req.header("user-agent") ?? "";
    const key = buildPageCacheKey(
      url,
      isBotUserAgent(userAgent) ? "bot" : "browser",
      encodeFlags(c.var.flags),
      `${await hashPublicConfig(c.var.config)}-${new Date().getUTCFullYear()}`,
    );
    const cache = openCache();
    const hit = cache ? await cache.match(key) : undefined;
    const stored = hit
      ? v.safeParse(StoredPageSchema, {
          scriptHashes: hit.headers.get(STORED_SCRIPT_HASHES_HEADER),
          storedAt: hit.headers.get(STORED_AT_HEADER),
        })
      : null;
    if (hit?.body && cache && stored?.success) {
      const stale = Date.now() - stored.output.storedAt > htmlTtlMs / 2;
      if (stale && !refreshing.has(key.url)) {
        refreshing.add(key.url);
        const refreshNonce = createNonce();
        const outcome: RenderOutcome = { streamError: false };
        const refresh = renderPage(new Request(c.req.url, { headers: c.req.raw.headers }), refreshNonce, outcome)
          .then((response) =>
            isStorable(response) ? storePage(cache, key, response, refreshNonce, htmlTtlMs, outcome) : undefined,
          )
          .catch(() => undefined)
          .finally(() => refreshing.delete(key.url));
        waitUntil(c, refresh);
      }
      const headers = new Headers(hit.headers);
      // Cache-Control is the response policy's to write.
      for (const name of [STORED_SCRIPT_HASHES_HEADER, STORED_AT_HEADER, "age"]) headers.delete(name);
      if (debugHeaders) headers.set("X-Render-Cache", stale ? "stale" : "hit");
      headers.set(SERVER_TIMING_HEADER, SERVER_TIMING_HIT);
      c.set("scriptHashes", stored.output.scriptHashes);
      return new Response(hit.body, { status: 200, headers });
    }
    // A copy that cannot be checked is never served; the render below replaces it.
    await hit?.body?.cancel();

    await next();
    if ((c.res.headers.get("content-type") ?? "").startsWith("text/html")) {
      const timed = appendServerTiming(c.res, SERVER_TIMING_MISS);
      if (timed !== c.res) c.res = timed;
    }
    const response = c.res;
    if (!cache || !isStorable(response)) return;
    const [forVisitor, forCache] = response.body!.tee();
    c.res = new Response(forVisitor, response);
    if (debugHeaders) c.res.headers.set("X-Render-Cache", "miss");
    const copy = new Response(forCache, { status: 200, headers: response.headers });
    waitUntil(
      c,
      storePage(cache, key, copy, nonce, htmlTtlMs, c.var.render).catch(() => undefined),
    );
  };
}

/**
 * The CSP hash sources (`'sha256-<base64>'`, CSP Level 3) of the runnable
 * inline scripts a render wrote with its nonce, in page order, without repeats.
 *
 * @param body the complete page as stored.
 * @param nonce the nonce the page was rendered with.
 */
export async function hashNoncedScripts(body: ArrayBuffer, nonce: string): Promise<string[]> {
  const texts: string[] = [];
  let collecting = false;
  await new HTMLRewriter()
    .on("script", {
      element(element) {
        const type = (element.getAttribute("type") ?? "").toLowerCase();
        collecting =
          element.getAttribute("nonce") === nonce && !element.hasAttribute("src") && RUNNABLE_SCRIPT_TYPES.has(type);
        if (collecting) texts.push("");
      },
      text(chunk) {
        if (collecting) texts[texts.length - 1] += chunk.text;
      },
    })
    .transform(new Response(body))
    .arrayBuffer();
  const encoder = new TextEncoder();
  const hashes = await Promise.all(
    texts.map(async (text) => {
      return `'sha256-${encodeBase64(await crypto.subtle.digest("SHA-256", encoder.encode(text)))}'`;
    }),
  );
  return [...new Set(hashes)];
}

function waitUntil(c: Context<WorkerEnv>, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (some test harnesses): the promise still settles.
  }
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
  page: Response,
  nonce: string,
  ttlMs: number,
  render: RenderOutcome,
): Promise<void> {
  const body = await page.arrayBuffer();
  // Read after the stream ended: an error React reported mid-stream means an incomplete page.
  if (render.streamError) return;
  const headers = new Headers();
  for (const name of ["content-type", "content-language", "link", "vary"]) {
    const value = page.headers.get(name);
    if (value) headers.set(name, value);
  }
  const scriptHashes = await hashNoncedScripts(body, nonce);
  // A page without its scripts' hashes could not run them: such a copy is not kept.
  if (scriptHashes.length === 0) return;
  headers.set(STORED_SCRIPT_HASHES_HEADER, scriptHashes.join(" "));
  headers.set(STORED_AT_HEADER, String(Date.now()));
  setStoredPageCacheControl(headers, ttlMs);
  await cache.put(key, new Response(body, { status: 200, headers }));
}
