/**
 * A page in one round trip (docs/product-rules.md rule 10.3): every page the
 * sitemap lists, on the brand's own domain (its origin is written into the
 * canonical link, Open Graph tags and structured data), answers a browser
 * with a response whose status line, headers and gzip body together fit one
 * initial congestion window (RFC 6928: 10 × 1,460 = 14,600 bytes). An
 * article may take a second window, as long as the first holds everything
 * down to the end of its table of contents (an article without sections has
 * none: down to the start of its body).
 *
 * Counted both ways a browser gets a page: a full render (a nonce in the CSP)
 * and a page-cache hit (script hashes in the CSP). The body is compressed
 * here with `CompressionStream` (zlib's default level, as the edge's gzip);
 * the headers the transport adds on the way out (`Date`, `Content-Encoding`,
 * `Transfer-Encoding`) and the chunk framing are counted as a fixed
 * allowance. The bench counts the same bytes on a real socket (bench/README.md,
 * measurement 6).
 *
 * The gate measures one page of each route; the sweep (`SITE_SWEEP=1`) every page.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readRoutePattern } from "../../core/page-registry";
import { request, requestCachedPage } from "./helpers";

const EVERY_PAGE = (env as { SITE_SWEEP?: string }).SITE_SWEEP === "1";

/** One initial congestion window, in bytes (RFC 6928). */
const FIRST_WINDOW_BYTES = 10 * 1460;

/** An article's path. */
const ARTICLE_PATH = /^\/blog\/[^/]+$/;

/**
 * The end of an article's table of contents, or, for an article without sections, the start of its body (the
 * element `ARTICLE_BODY_ID` of app/lib/article-body.ts names; that module brings React, which these tests leave out).
 */
const END_OF_CONTENTS = /data-testid="article-toc"[\s\S]*?<\/nav>|<div[^>]* id="article-body"/;

/** An origin as long as the brand's own domain. */
const ORIGIN = "https://www.valueprogressfreedom.com";

/**
 * Bytes the transport adds to a response the worker returns: `Date` (37),
 * `Content-Encoding: gzip` (24), `Transfer-Encoding: chunked` (28) and the
 * chunk framing (a few bytes per chunk), rounded up.
 */
const TRANSPORT_ALLOWANCE_BYTES = 200;

/** The gzip size of `body`, in bytes. */
async function measureGzipBytes(body: ArrayBuffer): Promise<number> {
  const compressed = new Response(new Blob([body]).stream().pipeThrough(new CompressionStream("gzip")));
  return (await compressed.arrayBuffer()).byteLength;
}

/**
 * Status line, headers and gzip body of `response`, in bytes, with the
 * transport's allowance; with `until`, the body only up to the end of the
 * first occurrence of that text (what the first bytes on the wire carry).
 */
async function measureWireBytes(response: Response, until?: RegExp): Promise<number> {
  let head = `HTTP/1.1 ${response.status} ${response.statusText || "OK"}\r\n`;
  response.headers.forEach((value, name) => {
    head += `${name}: ${value}\r\n`;
  });
  head += "\r\n";
  const headBytes = new TextEncoder().encode(head).byteLength;
  let body = await response.arrayBuffer();
  if (until) {
    const html = new TextDecoder().decode(body);
    const match = until.exec(html);
    if (!match) throw new Error(`no ${until} in the page`);
    body = new TextEncoder().encode(html.slice(0, match.index + match[0].length)).buffer as ArrayBuffer;
  }
  return headBytes + (await measureGzipBytes(body)) + TRANSPORT_ALLOWANCE_BYTES;
}

describe("a page in one round trip", () => {
  it("sitemap pages, rendered or from the page cache, fit the first congestion window", async () => {
    const sitemap = await (await request(`${ORIGIN}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(listed.length).toBeGreaterThan(20);
    const firstOfRoute = new Map<string, string>();
    for (const path of listed) {
      const route = readRoutePattern(path);
      if (!firstOfRoute.has(route)) firstOfRoute.set(route, path);
    }
    const paths = EVERY_PAGE ? listed : [...firstOfRoute.values()];
    const sizes: Record<string, number> = {};
    const firstWindow: Record<string, number> = {};
    for (const path of paths) {
      const rendered = await request(`${ORIGIN}${path}`);
      expect(rendered.status, path).toBe(200);
      const hit = await requestCachedPage(`${ORIGIN}${path}`);
      if (ARTICLE_PATH.test(path)) {
        const [renderedTop, hitTop] = [rendered.clone(), hit.clone()];
        firstWindow[path] = Math.max(
          await measureWireBytes(renderedTop, END_OF_CONTENTS),
          await measureWireBytes(hitTop, END_OF_CONTENTS),
        );
      }
      sizes[path] = Math.max(await measureWireBytes(rendered), await measureWireBytes(hit));
    }
    const over = Object.entries(sizes).filter(
      ([path, bytes]) => bytes > (ARTICLE_PATH.test(path) ? 2 : 1) * FIRST_WINDOW_BYTES,
    );
    expect(over, `pages over their windows: ${JSON.stringify(over)}`).toEqual([]);
    expect(Object.keys(firstWindow).length).toBeGreaterThan(0);
    const topsOver = Object.entries(firstWindow).filter(([, bytes]) => bytes > FIRST_WINDOW_BYTES);
    expect(
      topsOver,
      `articles whose contents end after ${FIRST_WINDOW_BYTES} bytes: ${JSON.stringify(topsOver)}`,
    ).toEqual([]);
  });
});
