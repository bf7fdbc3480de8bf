/**
 * The page cache on the Workers Cache API (rule 8.3): shared renders served
 * byte for byte under a CSP that names their own scripts by hash, keyed so
 * that no spelling of a URL can push real pages out, and never holding an
 * incomplete page.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import articles from "virtual:vpf/articles";
import issues from "virtual:vpf/newsletters";
import { CONTENT_HEAD_PATH, buildMomentsPath } from "../../content/content-files";
import { readPublishMs } from "../../content/publication";
import type { Config } from "../../server/config.server";
import { startModulesAfterHero } from "../../worker/html-rewrites";
import { hashNoncedScripts, pageCache } from "../../worker/page-cache";
import { securityHeaders } from "../../worker/security-headers";
import type { WorkerEnv } from "../../worker/types";
import { BOT_UA, putFlags, putRawFlags, readScriptNonce, request, requestCachedPage, requestWithEnv } from "./helpers";

const scriptNonce = (response: Response) => readScriptNonce(response.headers.get("content-security-policy"));

/** The CSP hash source of a script's text (CSP Level 3: SHA-256 of its UTF-8 bytes, base64). */
async function hashScript(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/**
 * The first moment from `fromMs` after which `lengthMs` pass with nothing coming out and no new UTC year: the page
 * cache's key holds both, so a page stored at that moment is still found `lengthMs` later.
 */
function findSteadyStart(fromMs: number, lengthMs: number): number {
  const moments = [...articles.map((article) => article.publishedAt), ...issues.map((issue) => issue.sendAt)].map(
    readPublishMs,
  );
  let start = fromMs;
  for (;;) {
    const end = start + lengthMs;
    const changes = [...moments, Date.UTC(new Date(end).getUTCFullYear(), 0, 1)].filter(
      (moment) => moment > start && moment <= end,
    );
    if (changes.length === 0) return start;
    start = Math.max(...changes);
  }
}

/**
 * The worker's configuration as the page cache reads it: a minute's lifetime, debug headers on, no binding but the
 * static files (the content's catalogue is part of the key).
 */
function standInConfig(): Config {
  return {
    flagsTtlMs: 0,
    htmlTtlMs: 60_000,
    commerce: null,
    auth: null,
    orderSigningSecret: null,
    forms: { mode: "simulated", retentionDays: 90, ownerCopy: false, notice: null },
    newsletter: null,
    newsletterSendToken: null,
    vitalsSampleRate: 0,
    bindings: {
      flags: null,
      assets: env.ASSETS,
      checkoutLimiter: null,
      cspReportLimiter: null,
      formsLimiter: null,
      formsDb: null,
      formsNotice: null,
      newsletterMail: null,
      newsletterQueue: null,
      vitalsLimiter: null,
      vitals: null,
    },
    authOrigin: null,
    debugHeaders: true,
    drainRequestBodies: false,
  };
}

/**
 * A Hono app of the worker's own middleware up to the page cache, on `config` with every flag on; the test adds the
 * render. The copies are never stale here, so the cache's own re-render is never called.
 */
function buildCachingApp(config: Config): Hono<WorkerEnv> {
  const app = new Hono<WorkerEnv>();
  app.use(async (c, next) => {
    c.set("config", config);
    c.set("flags", { newsletter: true, store: true, cta: true, contact: true, holdingPage: false });
    c.set("render", { streamError: false });
    await next();
  });
  app.use(securityHeaders({ dev: false }));
  app.use(pageCache(async () => new Response("not used: the copy is never stale here")));
  return app;
}

describe("page cache", () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await putRawFlags(null);
  });

  it("serves a repeated page byte for byte, private, no-cache, its CSP naming its own scripts by hash and no nonce", async () => {
    // An origin of its own: the worker tests share one Cache API, so the first answer is a render.
    const url = `https://repeat-${crypto.randomUUID()}.vpf.test/about`;
    const first = await request(url);
    const firstNonce = scriptNonce(first);
    const firstHtml = await first.text();
    const second = await requestCachedPage(url);
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
    const csp = second.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("'nonce-");
    expect(scriptSrc).toMatch(/'strict-dynamic' 'self'$/);
    const html = await second.text();
    // The stored render, as it was written: the same page as a fresh one but for the render's nonce.
    const storedNonce = /<script nonce="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(html.replaceAll(storedNonce, "N")).toBe(firstHtml.replaceAll(firstNonce, "N"));
    // Every script the render marked with its nonce, and nothing else, is named by its SHA-256.
    const expected = new Set<string>();
    for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (!attributes!.includes(`nonce="${storedNonce}"`) || attributes!.includes("ld+json")) continue;
      expected.add(await hashScript(text!));
    }
    expect(expected.size).toBeGreaterThan(3);
    expect(new Set(scriptSrc.split(" ").filter((source) => source.startsWith("'sha256-")))).toEqual(expected);
  });

  it("hashes only the runnable scripts that carry the render's nonce, so injected markup cannot allow itself", async () => {
    const page = [
      `<html><head><script nonce="N1">theme()</script><script type="application/ld+json" nonce="N1">{}</script>`,
      `<script>injected()</script><script nonce="other">guessed()</script><script nonce="N1" src="/x.js"></script>`,
      `</head><body><script type="vpf/script" nonce="N1">held()</script>`,
      `<script type="vpf/module" nonce="N1">import("/a.js")</script><script nonce="N1">theme()</script></body></html>`,
    ].join("");
    const hashes = await hashNoncedScripts(new TextEncoder().encode(page).buffer as ArrayBuffer, "N1");
    expect(hashes).toEqual([
      await hashScript("theme()"),
      await hashScript("held()"),
      await hashScript('import("/a.js")'),
    ]);
  });

  it("keys a page on two small content files: a cold isolate reads no catalogue before serving a cached page", async () => {
    /** A configuration whose static files record every path read, as a new isolate's store would start. */
    const coldConfig = (reads: string[]): Config => {
      const config = standInConfig();
      const assets = {
        fetch: (request: Request) => {
          reads.push(new URL(request.url).pathname);
          return env.ASSETS.fetch(request);
        },
      };
      return { ...config, bindings: { ...config.bindings, assets: assets as unknown as Fetcher } };
    };
    const appOn = (config: Config) => {
      const app = buildCachingApp(config);
      // A page with one script of the render's, as every page has: a copy is kept only with its scripts' hashes.
      app.get("*", (c) => {
        const nonce = c.var.secureHeadersNonce ?? "";
        return c.html(`<!doctype html><html><body><p>${crypto.randomUUID()}</p><script nonce="${nonce}">go()</script>`);
      });
      return app;
    };
    const url = `https://cold-${crypto.randomUUID()}.vpf.test/about`;
    const ask = async (app: Hono<WorkerEnv>) => {
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request(url), {}, ctx);
      const html = await response.text();
      await waitOnExecutionContext(ctx);
      return { html, cache: response.headers.get("x-render-cache") };
    };
    const first = await ask(appOn(coldConfig([])));
    expect(first.cache).toBe("miss");
    const reads: string[] = [];
    const hit = await ask(appOn(coldConfig(reads)));
    expect(hit.cache).toBe("hit");
    expect(hit.html.replace(/nonce="[^"]*"/, "")).toBe(first.html.replace(/nonce="[^"]*"/, ""));
    const year = new Date().getUTCFullYear();
    expect(reads.toSorted()).toEqual([CONTENT_HEAD_PATH, buildMomentsPath(year)].toSorted());
  });

  it("lets no script the render did not write with its nonce run, on a miss or on a hit (rule 8.1)", async () => {
    const app = buildCachingApp(standInConfig());
    // A render whose content carries a script of its own and one written as if the worker had held it.
    app.get("*", (c) => {
      const nonce = c.var.secureHeadersNonce ?? "";
      const page = [
        `<!doctype html><html><head></head><body><article><p>text</p>`,
        `<script>injected()</script><script type="vpf/script">forged()</script></article>`,
        `<script nonce="${nonce}">context()</script></body></html>`,
      ].join("");
      const response = new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } });
      return startModulesAfterHero(response, nonce, c.req.path);
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const url = `https://injected-${crypto.randomUUID()}.vpf.test/about`;
    const ask = async () => {
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request(url), {}, ctx);
      const html = await response.text();
      await waitOnExecutionContext(ctx);
      return {
        html,
        csp: response.headers.get("content-security-policy") ?? "",
        cache: response.headers.get("x-render-cache"),
      };
    };

    const miss = await ask();
    expect(miss.cache).toBe("miss");
    const nonce = readScriptNonce(miss.csp);
    // Only the render's own script is held for the starter; the content's stays a script the CSP blocks.
    expect(miss.html).toContain(`<script nonce="${nonce}" type="vpf/script">context()</script>`);
    expect(miss.html).toContain("<script>injected()</script>");
    // The forged held script is refused (a type nothing brings back) and logged as a violation (rule 8.4).
    expect(miss.html).toContain(`<script type="vpf/refused">forged()</script>`);
    expect(miss.html.match(/type="vpf\/(script|module)"/g)).toHaveLength(1);
    const logged = warn.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(logged).toContainEqual({
      level: "warn",
      event: "csp.violation",
      document: "/about",
      directive: "script-src-elem",
      blocked: "inline",
      disposition: "enforce",
    });
    // The starter is given the nonce, and brings back only scripts that carry it.
    expect(miss.html).toContain(`,${JSON.stringify(nonce)})})();</script></body>`);

    let hit = await ask();
    for (let attempt = 0; hit.cache !== "hit" && attempt < 20; attempt++) hit = await ask();
    expect(hit.cache).toBe("hit");
    expect(hit.html).toBe(miss.html);
    expect(hit.csp).not.toContain("'nonce-");
    expect(hit.csp).toContain(await hashScript("context()"));
    expect(hit.csp).not.toContain(await hashScript("injected()"));
    expect(hit.csp).not.toContain(await hashScript("forged()"));
  });

  it("never gives one origin's page to another", async () => {
    await requestCachedPage("/categories");
    const other = await request("https://other.vpf.test/categories");
    expect(other.headers.get("x-render-cache")).not.toBe("hit");
    const html = await other.text();
    expect(html).toContain("https://other.vpf.test/categories");
    expect(html).not.toContain("https://vpf.test/categories");
  });

  it("keeps bots and browsers apart", async () => {
    await requestCachedPage("/disclaimer");
    const bot = await request("/disclaimer", { headers: { "user-agent": BOT_UA } });
    expect(bot.headers.get("x-render-cache")).not.toBe("hit");
    await bot.arrayBuffer();
  });

  it("survives a flush attempt of 300 spellings: / stays cached", async () => {
    await requestCachedPage("/");
    for (let i = 0; i < 300; i++) {
      const spelling =
        i % 3 === 0
          ? `/about${"/".repeat(1 + (i % 7))}`
          : i % 3 === 1
            ? `/${"A".repeat(1 + (i % 5))}bout`
            : `//about${i}`;
      const response = await request(spelling);
      expect([301, 404]).toContain(response.status);
      await response.arrayBuffer();
    }
    expect((await request("/")).headers.get("x-render-cache")).toBe("hit");
  });

  it("never caches a search, a filter, a query a page does not take, a 404 page or a data request", async () => {
    // Each first answer's background work (where a copy would be stored) is awaited before asking again.
    const askTwice = async (path: string) => {
      await (await requestWithEnv(path, {}, {})).arrayBuffer();
      const again = await requestWithEnv(path, {}, {});
      await again.arrayBuffer();
      return again.headers.get("x-render-cache");
    };
    expect(await askTwice("/shipping"), "a cacheable page, asked the same way").toBe("hit");
    const queries = [
      "/blog?q=fire",
      "/blog?category=investing",
      "/blog?page=1&q=fire",
      "/blog?page=02",
      "/about?page=2",
    ];
    for (const path of [...queries, "/no-such-page", "/about.data"]) {
      expect(await askTwice(path), path).toBeNull();
    }
  });

  it("shows a flag change at once", async () => {
    await putFlags({ store: true });
    expect(await (await request("/categories")).text()).toContain('href="/store"');
    await putFlags({ store: false });
    expect(await (await request("/categories")).text()).not.toContain('href="/store"');
  });

  it("keeps a page past half its life, serves it at once and renders it afresh in the background", async () => {
    // An hour's life: the Cache API's own expiry, on the wall clock, is never near; the worker's clock is placed.
    const ttlMs = 3_600_000;
    const ask = async () => {
      const response = await requestWithEnv("/terms", {}, { HTML_CACHE_TTL_MS: String(ttlMs) });
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(html).toContain("Terms of Sale");
      return response.headers.get("x-render-cache");
    };
    const storedAt = findSteadyStart(Date.now(), ttlMs / 2 + 1);
    vi.useFakeTimers({ toFake: ["Date"], now: storedAt });
    try {
      // Whatever the first answer, the copy it leaves (stored with the request's waitUntil) is fresh now.
      await ask();
      expect(await ask()).toBe("hit");
      vi.setSystemTime(storedAt + ttlMs / 2 + 1);
      expect(await ask()).toBe("stale");
      // The background render (awaited with the request's waitUntil) has replaced the copy.
      expect(await ask()).toBe("hit");
    } finally {
      vi.useRealTimers();
    }
  });

  /**
   * The page cache on its own, in front of a render whose stream ends with or without the error React reports after
   * the shell (as app/entry.server.tsx does). Three requests in turn; returns how many of them rendered.
   */
  async function countRenders(failAfterShell: boolean): Promise<number> {
    const app = new Hono<WorkerEnv>();
    const nonce = "bm9uY2Vub25jZW5vbmNlMQ==";
    app.use(async (c, next) => {
      c.set("config", standInConfig());
      c.set("flags", { newsletter: true, store: true, cta: true, contact: true, holdingPage: false });
      c.set("secureHeadersNonce", nonce);
      c.set("render", { streamError: false });
      await next();
    });
    app.use(pageCache(async () => new Response("not used: the copy is never stale here")));
    let renders = 0;
    app.get("*", (c) => {
      renders += 1;
      const render = c.var.render;
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          controller.enqueue(
            new TextEncoder().encode(`<!doctype html><p>shell</p><script nonce="${nonce}">1</script>`),
          );
          render.streamError = failAfterShell;
          controller.close();
        },
      });
      return new Response(stream, { headers: { "content-type": "text/html; charset=utf-8" } });
    });
    const url = `https://streamed-error-${crypto.randomUUID()}.vpf.test/about`;
    for (let i = 0; i < 3; i++) {
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request(url), {}, ctx);
      await response.text();
      await waitOnExecutionContext(ctx);
    }
    return renders;
  }

  it("never stores a page whose render reported an error after the shell", async () => {
    // The same render without the error is stored, so the count below means what it says.
    expect(await countRenders(false)).toBe(1);
    expect(await countRenders(true)).toBe(3);
  });
});

describe("the page cache and the public configuration", () => {
  it("never serves a copy made under another public setting, the accounts' anon key alone included", async () => {
    const accounts = { SUPABASE_URL: "https://abcd1234.supabase.co/", SUPABASE_ANON_KEY: "first-anon-key" };
    let hit = false;
    for (let attempt = 0; attempt < 20 && !hit; attempt++) {
      const response = await requestWithEnv("/about", {}, accounts);
      await response.arrayBuffer();
      hit = (response.headers.get("server-timing") ?? "").includes("cache;desc=hit");
    }
    expect(hit, "the first key's page should come from the page cache").toBe(true);

    const changed = await requestWithEnv("/about", {}, { ...accounts, SUPABASE_ANON_KEY: "second-anon-key" });
    expect(changed.headers.get("server-timing")).toContain("cache;desc=miss");
    const html = await changed.text();
    expect(html).toContain("second-anon-key");
    expect(html).not.toContain("first-anon-key");
  });
});
