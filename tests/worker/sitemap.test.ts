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

/** Web views of issues whose send date has passed for good. */
const SENT_ISSUES = [
  "/newsletter/issues/the-1-percent-habit",
  "/newsletter/issues/the-fee-you-never-see",
  "/newsletter/issues/a-buffer-before-a-budget",
];

/** An issue due on 2026-11-29T07:00:00Z: hidden everywhere until then. */
const NEXT_ISSUE = {
  path: "/newsletter/issues/a-calm-year-end-money-review",
  sendAt: Date.parse("2026-11-29T07:00:00Z"),
};

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
    expect(paths).toEqual(expect.arrayContaining([...ALWAYS, "/store", "/newsletter", "/contact", ...SENT_ISSUES]));
    expect(paths).toContain("/newsletter/issues");
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
    expect(paths.filter((path) => path === "/newsletter" || path.startsWith("/newsletter/"))).toEqual([]);
    expect(paths.filter((path) => path.startsWith("/product/"))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining([...ALWAYS, "/contact"]));
    expect(paths.filter((path) => path.startsWith("/blog/"))).toHaveLength(8);
  });

  const UNDER = { store: "/product/", newsletter: "/newsletter/" } as const;
  for (const flag of ["store", "newsletter"] as const) {
    it(`turning only ${flag} off removes only /${flag} and the pages under ${UNDER[flag]}`, async () => {
      const all = await readSitemapPaths();
      await env.FLAGS.put("flags", JSON.stringify({ [flag]: false }));
      const closed = (path: string) => path === `/${flag}` || path.startsWith(UNDER[flag]);
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

describe("the newsletter's issues", () => {
  it("are in their feed newest first, and the sitemap lists exactly the feed's issues, dated by their send day", async () => {
    const response = await SELF.fetch("https://vpf.test/newsletter/rss.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/rss+xml");
    const feed = await response.text();
    const links = [...feed.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)<\/link>/g)].map(
      (match) => new URL(match[1] ?? "").pathname,
    );
    const dates = [...feed.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((match) => Date.parse(match[1] ?? ""));
    expect(links.slice(-3)).toEqual(SENT_ISSUES);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(links.includes(NEXT_ISSUE.path)).toBe(Date.now() >= NEXT_ISSUE.sendAt);

    const paths = await readSitemapPaths();
    expect(paths.filter((path) => path.startsWith("/newsletter/issues/"))).toEqual(links);
    const xml = await (await SELF.fetch("https://vpf.test/sitemap.xml")).text();
    expect(xml).toContain("/newsletter/issues/the-fee-you-never-see</loc><lastmod>2026-11-15</lastmod>");
  });

  it("each listed issue's web view answers 200; an issue not sent yet and an unknown one go to the 404 page", async () => {
    for (const path of SENT_ISSUES) expect((await SELF.fetch(`https://vpf.test${path}`)).status, path).toBe(200);
    const early = await SELF.fetch(`https://vpf.test${NEXT_ISSUE.path}`, { redirect: "manual" });
    if (Date.now() < NEXT_ISSUE.sendAt) expect(early.headers.get("location")).toMatch(/\/404$/);
    else expect(early.status).toBe(200);
    const unknown = await SELF.fetch("https://vpf.test/newsletter/issues/no-such-issue", { redirect: "manual" });
    expect(unknown.headers.get("location")).toMatch(/\/404$/);
  });

  it("have their feed named in the head of the newsletter's own pages", async () => {
    for (const path of ["/newsletter/issues", SENT_ISSUES[0]]) {
      const html = await (await SELF.fetch(`https://vpf.test${path}`)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, path).toMatch(
        /<link[^>]* rel="alternate" type="application\/rss\+xml" title="VPF newsletter" href="\/newsletter\/rss.xml"\/>/,
      );
    }
  });
});
