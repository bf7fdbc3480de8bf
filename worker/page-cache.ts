/**
 * The page cache (rule 8.3) on `caches.default`, shared by a data centre's isolates. The key holds everything a
 * page can change with; a copy past half its life is served and re-rendered in the background. A stored copy is
 * served byte for byte with its scripts' hashes in the CSP instead of a nonce (rule 8.1).
 */
import type { MiddlewareHandler } from "hono";
import { encodeBase64 } from "hono/utils/encode";
import * as v from "valibot";
import { isBotUserAgent } from "../core/bots";
import type { RenderOutcome } from "../core/edge-context";
import type { Flags } from "../core/flags";
import { isCacheablePage, isStaticFilePath, readPagePath } from "../core/page-registry";
import { BUILD_ID, type Config, readPublicConfig } from "../server/config.server";
import { setStoredPageCacheControl } from "./response-policy";
import { createNonce } from "./security-headers";
import { isRunnableScriptType } from "./html-rewrites";
import { countPublished } from "../content/publication";
import type { WorkerEnv } from "./types";
import { readContentStore } from "../server/content.server";
import { appendServerTiming, SERVER_TIMING_HEADER } from "./server-timing";

const SERVER_TIMING_HIT = "cache;desc=hit";
const SERVER_TIMING_MISS = "cache;desc=miss";

/** Headers on a stored copy: its scripts' CSP hash sources, space-separated, and when it was stored (ms). */
const STORED_SCRIPT_HASHES_HEADER = "x-page-script-hashes";
const STORED_AT_HEADER = "x-page-stored-at";

const StoredPageSchema = v.object({
  scriptHashes: v.pipe(v.string(), v.regex(/^'sha256-[A-Za-z0-9+/]{43}='(?: 'sha256-[A-Za-z0-9+/]{43}='){0,63}$/)),
  storedAt: v.pipe(v.string(), v.regex(/^\d{1,16}$/), v.transform(Number)),
});

const publicConfigHashes = new WeakMap<Config, Promise<string>>();

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

/** Whether a request's page may come from and go to the page cache: a GET of a page, or of a list's later page. */
export function isCacheableRequest(method: string, url: URL): boolean {
  if (method !== "GET") return false;
  const path = url.pathname;
  if (readPagePath(path) !== path || path.startsWith("/api/") || path === "/__manifest") return false;
  return !isStaticFilePath(path) && isCacheablePage(path, url.search);
}

/**
 * `{origin}{path}{?page=N&}page-cache={build}.{variant}.{flags}.{config}`, a URL only the page cache uses; `url`'s
 * query string is one `isCacheableRequest` allowed (none, or a list's page).
 */
export function buildPageCacheKey(url: URL, variant: "bot" | "browser", flagsKey: string, configKey: string): Request {
  const key = new URL(url.pathname + url.search, url.origin);
  key.searchParams.set("page-cache", [BUILD_ID, variant, flagsKey, configKey].join("."));
  return new Request(key.toString(), { method: "GET" });
}

function encodeFlags(flags: Record<string, boolean>): string {
  return Object.entries(flags)
    .map(([name, on]) => `${name}-${on ? 1 : 0}`)
    .join("_");
}

/**
 * `{config hash}-{content version}-{UTC year}-{items of the year out by now}`: the key's part that moves without a
 * build. Every item of an earlier year is out and every one of a later year is not, so the year and its count say
 * what is published as a count of the whole archive would, from two small files (a cold isolate reads no catalogue).
 */
async function describeContentAndTime(config: Config): Promise<string> {
  const store = readContentStore(config);
  const nowMs = Date.now();
  const year = new Date(nowMs).getUTCFullYear();
  const [head, moments] = await Promise.all([store.readHead(), store.readYearMoments(year)]);
  return `${await hashPublicConfig(config)}-${head.version}-${year}-${countPublished(moments, nowMs)}`;
}

/** Renders `request` with `nonce` for `flags`, reporting into `render` whether the stream failed. */
export type PageRenderer = (request: Request, nonce: string, render: RenderOutcome, flags: Flags) => Promise<Response>;

const refreshing = new Set<string>();

/** Needs `c.var.flags`, `c.var.config`, the nonce from `securityHeaders` and `c.var.render`. */
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
      // The content's version changes pages with a deploy that leaves the worker as it was; the year (footer) and
      // what is published by now change them at a set time, with no deploy.
      await describeContentAndTime(c.var.config),
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
        const refresh = renderPage(
          new Request(c.req.url, { headers: c.req.raw.headers }),
          refreshNonce,
          outcome,
          c.var.flags,
        )
          .then((response) =>
            isStorable(response) ? storePage(cache, key, response, refreshNonce, htmlTtlMs, outcome) : undefined,
          )
          .catch(() => undefined)
          .finally(() => refreshing.delete(key.url));
        c.executionCtx.waitUntil(refresh);
      }
      const headers = new Headers(hit.headers);
      for (const name of [STORED_SCRIPT_HASHES_HEADER, STORED_AT_HEADER, "age"]) headers.delete(name);
      if (debugHeaders) headers.set("X-Render-Cache", stale ? "stale" : "hit");
      headers.set(SERVER_TIMING_HEADER, SERVER_TIMING_HIT);
      c.set("scriptHashes", stored.output.scriptHashes);
      return new Response(hit.body, { status: 200, headers });
    }
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
    c.executionCtx.waitUntil(storePage(cache, key, copy, nonce, htmlTtlMs, c.var.render).catch(() => undefined));
  };
}

/** CSP hash sources of the inline scripts carrying the render's nonce, so injected markup cannot allow itself. */
export async function hashNoncedScripts(body: ArrayBuffer, nonce: string): Promise<string[]> {
  const texts: string[] = [];
  let collecting = false;
  await new HTMLRewriter()
    .on("script", {
      element(element) {
        collecting =
          element.getAttribute("nonce") === nonce &&
          !element.hasAttribute("src") &&
          isRunnableScriptType(element.getAttribute("type"));
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
  // Known only once the body is read: an error mid-stream means an incomplete page.
  if (render.streamError) return;
  const headers = new Headers();
  for (const name of ["content-type", "content-language", "link", "vary"]) {
    const value = page.headers.get(name);
    if (value) headers.set(name, value);
  }
  const scriptHashes = await hashNoncedScripts(body, nonce);
  // Without its scripts' hashes the copy could not run them.
  if (scriptHashes.length === 0) return;
  headers.set(STORED_SCRIPT_HASHES_HEADER, scriptHashes.join(" "));
  headers.set(STORED_AT_HEADER, String(Date.now()));
  setStoredPageCacheControl(headers, ttlMs);
  await cache.put(key, new Response(body, { status: 200, headers }));
}
