/**
 * `/sitemap.xml` follows the flags (rules 1.5 and 3.6): a page whose feature
 * is off is not offered to search engines; everything else stays listed.
 * Requests go to the built worker through `SELF`; flags are written to the
 * real local KV namespace.
 */
import { SELF, env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";

/** The paths `/sitemap.xml` lists, in order. */
async function readSitemapPaths(): Promise<string[]> {
  const response = await SELF.fetch("https://vpf.test/sitemap.xml");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/xml");
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
}

const ALWAYS = ["/", "/blog", "/categories", "/about", "/disclaimer", "/categories/investing"];

describe("sitemap dates", () => {
  it("dates an updated article by its update and another by its publication", async () => {
    const xml = await (await SELF.fetch("https://vpf.test/sitemap.xml")).text();
    const lastmod = (slug: string) => new RegExp(`/blog/${slug}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
    expect(lastmod("build-an-emergency-fund")).toBe("2026-10-06");
    expect(lastmod("ai-tools-for-personal-finance")).toBe("2026-05-19");
  });
});

describe("sitemap and flags", () => {
  afterEach(() => env.FLAGS.delete("flags"));

  it("lists the store, newsletter and contact pages with every flag on", async () => {
    await env.FLAGS.put("flags", JSON.stringify({ store: true, newsletter: true, contact: true }));
    const paths = await readSitemapPaths();
    expect(paths).toEqual(expect.arrayContaining([...ALWAYS, "/store", "/newsletter", "/contact"]));
    expect(paths.filter((path) => path.startsWith("/blog/"))).toHaveLength(8);
    expect(paths.filter((path) => path.startsWith("/product/"))).toEqual([
      "/product/vpf-tee",
      "/product/freedom-planner",
      expect.stringMatching(/^\/product\/[a-z0-9-]+$/),
    ]);
  });

  it("leaves out /store and /newsletter with store and newsletter off, and keeps everything else", async () => {
    await env.FLAGS.put("flags", JSON.stringify({ store: false, newsletter: false }));
    const paths = await readSitemapPaths();
    expect(paths).not.toContain("/store");
    expect(paths).not.toContain("/newsletter");
    expect(paths.filter((path) => path.startsWith("/product/"))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining([...ALWAYS, "/contact"]));
    expect(paths.filter((path) => path.startsWith("/blog/"))).toHaveLength(8);
  });

  for (const flag of ["store", "newsletter"] as const) {
    it(`turning only ${flag} off removes only /${flag}${flag === "store" ? " and the product pages" : ""}`, async () => {
      const all = await readSitemapPaths();
      await env.FLAGS.put("flags", JSON.stringify({ [flag]: false }));
      const closed = (path: string) => path === `/${flag}` || (flag === "store" && path.startsWith("/product/"));
      expect(await readSitemapPaths()).toEqual(all.filter((path) => !closed(path)));
    });
  }
});

describe("the articles' feed", () => {
  it("is named in the head of every page, so feed readers find it", async () => {
    for (const path of ["/", "/blog", "/blog/build-an-emergency-fund", "/store", "/no-such-page"]) {
      const html = await (await SELF.fetch(`https://vpf.test${path}`)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, path).toMatch(
        /<link[^>]* rel="alternate" type="application\/rss\+xml" title="VPF articles" href="\/rss.xml"\/>/,
      );
    }
  });
});
