/**
 * `/sitemap.xml` follows the flags (rules 1.5 and 3.6): a page whose feature
 * is off is not offered to search engines; everything else stays listed.
 * Requests go to the built worker through `SELF`; flags are written to the
 * real local KV namespace. The worker's clock stands just before the newest
 * issue's send, so one issue is always still to come, and the test's own
 * reckoning of what is out uses that same clock.
 */
import { SELF, env } from "cloudflare:test";
import articles from "virtual:vpf/articles";
import issues from "virtual:vpf/newsletters";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { products } from "../../content/products";
import { isPublished, readPublishMs } from "../../content/publication";
import { SITE_NAME } from "../../content/site";

/** The head link naming a feed, with the owner's brand in its title (its regular-expression characters escaped). */
function matchFeedLink(title: string, href: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(
    `<link[^>]* rel="alternate" type="application/rss\\+xml" title="${escape(title)}" href="${escape(href)}"/>`,
  );
}

/** The paths `/sitemap.xml` lists, in order. */
async function readSitemapPaths(): Promise<string[]> {
  const response = await SELF.fetch("https://vpf.test/sitemap.xml");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/xml");
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
}

/** A millisecond before the newest issue goes out. */
const PLACED_AT_MS = Math.max(...issues.map((issue) => readPublishMs(issue.sendAt))) - 1;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: PLACED_AT_MS });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Articles out now: the sitemap lists each. */
const publishedArticles = () => articles.filter((article) => isPublished(article.publishedAt, Date.now()));

/** Web views of the issues out now, newest first; the bundled issues come oldest first. */
const sentIssuePaths = () =>
  issues
    .filter((issue) => isPublished(issue.sendAt, Date.now()))
    .map((issue) => `/newsletter/issues/${issue.slug}`)
    .reverse();

const ALWAYS = ["/", "/blog", "/categories", "/about", "/disclaimer", "/categories/investing"];

describe("sitemap dates", () => {
  it("dates each article by its update, else by its publication", async () => {
    const xml = await (await SELF.fetch("https://vpf.test/sitemap.xml")).text();
    const lastmod = (slug: string) => new RegExp(`/blog/${slug}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
    for (const article of publishedArticles()) {
      expect(lastmod(article.slug), article.slug).toBe(article.updated ?? article.publishedAt);
    }
  });
});

describe("sitemap and flags", () => {
  afterEach(() => env.FLAGS.delete("flags"));

  it("lists the store, newsletter and contact pages with every flag on", async () => {
    await env.FLAGS.put("flags", JSON.stringify({ store: true, newsletter: true, contact: true }));
    const paths = await readSitemapPaths();
    expect(paths).toEqual(
      expect.arrayContaining([...ALWAYS, "/store", "/newsletter", "/contact", ...sentIssuePaths()]),
    );
    expect(paths).toContain("/newsletter/issues");
    expect(paths.filter((path) => path.startsWith("/blog/")).sort()).toEqual(
      publishedArticles()
        .map((article) => `/blog/${article.slug}`)
        .sort(),
    );
    expect(paths.filter((path) => path.startsWith("/product/")).sort()).toEqual(
      products.map((product) => `/product/${product.id}`).sort(),
    );
  });

  it("leaves out /store and /newsletter with store and newsletter off, and keeps everything else", async () => {
    await env.FLAGS.put("flags", JSON.stringify({ store: false, newsletter: false }));
    const paths = await readSitemapPaths();
    expect(paths).not.toContain("/store");
    expect(paths.filter((path) => path === "/newsletter" || path.startsWith("/newsletter/"))).toEqual([]);
    expect(paths.filter((path) => path.startsWith("/product/"))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining([...ALWAYS, "/contact"]));
    expect(paths.filter((path) => path.startsWith("/blog/"))).toHaveLength(publishedArticles().length);
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
    const article = `/blog/${publishedArticles()[0]!.slug}`;
    for (const path of ["/", "/blog", article, "/store", "/no-such-page"]) {
      const html = await (await SELF.fetch(`https://vpf.test${path}`)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, path).toMatch(matchFeedLink(`${SITE_NAME} articles`, "/rss.xml"));
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
    expect(links).toEqual(sentIssuePaths());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const paths = await readSitemapPaths();
    expect(paths.filter((path) => path.startsWith("/newsletter/issues/"))).toEqual(links);
    const xml = await (await SELF.fetch("https://vpf.test/sitemap.xml")).text();
    for (const issue of issues.filter((issue) => isPublished(issue.sendAt, Date.now()))) {
      expect(xml).toContain(`/newsletter/issues/${issue.slug}</loc><lastmod>${issue.sendAt.slice(0, 10)}</lastmod>`);
    }
  });

  it("each listed issue's web view answers 200; an issue not sent yet and an unknown one go to the 404 page", async () => {
    for (const path of sentIssuePaths()) expect((await SELF.fetch(`https://vpf.test${path}`)).status, path).toBe(200);
    const unsent = issues.filter((issue) => readPublishMs(issue.sendAt) > Date.now());
    expect(unsent.length).toBeGreaterThan(0);
    for (const issue of unsent) {
      const early = await SELF.fetch(`https://vpf.test/newsletter/issues/${issue.slug}`, { redirect: "manual" });
      expect(early.headers.get("location"), issue.slug).toMatch(/\/404$/);
    }
    const unknown = await SELF.fetch("https://vpf.test/newsletter/issues/no-such-issue", { redirect: "manual" });
    expect(unknown.headers.get("location")).toMatch(/\/404$/);
  });

  it("have their feed named in the head of the newsletter's own pages", async () => {
    for (const path of ["/newsletter/issues", ...sentIssuePaths().slice(0, 1)]) {
      const html = await (await SELF.fetch(`https://vpf.test${path}`)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, path).toMatch(matchFeedLink(`${SITE_NAME} newsletter`, "/newsletter/rss.xml"));
    }
  });
});
