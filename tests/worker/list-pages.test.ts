/**
 * Lists that paginate (rule 3.9), against the built worker and whatever the bundled articles are: `/blog`, filtered
 * or not, and every category and tag page, walked through its next links, holds its articles newest first, at most a page's worth of cards at
 * a time, each page its own canonical address; a malformed page number means page 1, and a page past the last is
 * the 404 page. The feeds hold the newest items only. The worker's clock stands still for the file.
 */
import { SELF } from "cloudflare:test";
import articles from "virtual:vpf/articles";
import { describe, expect, it } from "vitest";
import { categories } from "../../content/categories";
import { buildTagHref } from "../../content/tags";
import { LIST_PAGE_SIZE } from "../../core/pagination";
import { FEED_ITEM_COUNT } from "../../app/lib/feeds.server";
import { listPublishedNewestFirst, readCardSlugs, readHeadLink, standClockStill } from "./list-pages";

standClockStill();

const published = listPublishedNewestFirst;

/** Fetches `path` from the worker and reads its status and HTML. */
async function fetchPage(path: string): Promise<{ status: number; html: string }> {
  const response = await SELF.fetch(`https://vpf.test${path}`);
  return { status: response.status, html: await response.text() };
}

/** Walks the list at `path` by its next links, checking each page's size and head links; returns every card's slug. */
async function walkList(path: string): Promise<string[]> {
  const slugs: string[] = [];
  let previous: string | undefined;
  for (let address: string | undefined = path; address;) {
    const { status, html } = await fetchPage(address);
    expect(status, address).toBe(200);
    const cards = readCardSlugs(html);
    expect(cards.length, address).toBeLessThanOrEqual(LIST_PAGE_SIZE);
    expect(readHeadLink(html, "canonical"), address).toBe(address);
    expect(readHeadLink(html, "prev"), address).toBe(previous);
    slugs.push(...cards);
    previous = address;
    address = readHeadLink(html, "next");
    if (address) expect(cards.length, `${address} follows a full page`).toBe(LIST_PAGE_SIZE);
  }
  return slugs;
}

describe("category pages", () => {
  it("hold, page after page, exactly the category's published articles, newest first", async () => {
    for (const category of categories) {
      const expected = published().filter((article) => article.categorySlug === category.slug);
      expect(await walkList(category.href), category.slug).toEqual(expected.map((article) => article.slug));
    }
  });
});

/** The address of the page-body link marked `rel` (`prev` or `next`) in the list's pager, or `undefined`. */
function readPagerLink(html: string, rel: "prev" | "next"): string | undefined {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return new RegExp(`<a [^>]*href="([^"]+)"[^>]*rel="${rel}"|<a [^>]*rel="${rel}"[^>]*href="([^"]+)"`)
    .exec(main)
    ?.slice(1)
    .find(Boolean)
    ?.replaceAll("&amp;", "&");
}

/** Walks a filtered `/blog` list by its pager's links (its canonical stays `/blog`); returns every card's slug. */
async function walkFilteredBlog(path: string): Promise<string[]> {
  const slugs: string[] = [];
  for (let address: string | undefined = path; address;) {
    const { status, html } = await fetchPage(address);
    expect(status, address).toBe(200);
    expect(readHeadLink(html, "canonical"), address).toBe("/blog");
    const cards = readCardSlugs(html);
    expect(cards.length, address).toBeLessThanOrEqual(LIST_PAGE_SIZE);
    slugs.push(...cards);
    address = readPagerLink(html, "next");
    if (address) expect(cards.length, `${address} follows a full page`).toBe(LIST_PAGE_SIZE);
  }
  return slugs;
}

describe("/blog", () => {
  it("holds, page after page, every published article, newest first", async () => {
    expect(await walkList("/blog")).toEqual(published().map((article) => article.slug));
  });

  it("filters by category over the whole archive, the pager keeping the filter", async () => {
    for (const category of categories) {
      const expected = published().filter((article) => article.categorySlug === category.slug);
      const path = `/blog?category=${category.slug}`;
      expect(await walkFilteredBlog(path), category.slug).toEqual(expected.map((article) => article.slug));
    }
  });

  it("searches the whole archive as rule 3.3 says: title, excerpt or a tag holding the words in any case, newest first", async () => {
    const tag = published().flatMap((article) => article.tags)[0];
    if (tag === undefined) return;
    const needle = tag.toLowerCase();
    const holding = published().filter((article) =>
      [article.title, article.excerpt, ...article.tags].some((text) => text.toLowerCase().includes(needle)),
    );
    const found = await walkFilteredBlog(`/blog?q=${encodeURIComponent(tag.toUpperCase())}`);
    expect(found, tag).toEqual(holding.map((article) => article.slug));
  });
});

describe("any list's page number", () => {
  it("means page 1 when it is not a whole number from 1, with page 1's address as canonical", async () => {
    const inUse = categories.find((category) => published().some((article) => article.categorySlug === category.slug));
    const path = inUse?.href ?? categories[0]!.href;
    const first = await fetchPage(path);
    for (const bad of ["abc", "0", "-1", "01", "1.5", "1"]) {
      const { status, html } = await fetchPage(`${path}?page=${bad}`);
      expect(status, bad).toBe(200);
      expect(readCardSlugs(html), bad).toEqual(readCardSlugs(first.html));
      expect(readHeadLink(html, "canonical"), bad).toBe(path);
    }
  });

  it("past the last page is the 404 page, on category and tag pages", async () => {
    const tag = published().flatMap((article) => article.tags)[0];
    const paths = ["/blog", categories[0]!.href, ...(tag ? [buildTagHref(tag)] : [])];
    for (const path of paths) {
      const pages = Math.max(1, Math.ceil(articles.length / LIST_PAGE_SIZE));
      const { status, html } = await fetchPage(`${path}?page=${pages + 1}`);
      expect(status, path).toBe(404);
      expect(html).toContain("Page Not Found");
    }
  });
});

describe("feeds", () => {
  it(`/rss.xml holds the ${FEED_ITEM_COUNT} newest published articles, newest first`, async () => {
    const xml = await (await SELF.fetch("https://vpf.test/rss.xml")).text();
    const links = [...xml.matchAll(/<item>[\s\S]*?<link>https:\/\/vpf\.test\/blog\/([^<]+)<\/link>/g)].map(
      (match) => match[1],
    );
    expect(links).toEqual(
      published()
        .slice(0, FEED_ITEM_COUNT)
        .map((article) => article.slug),
    );
  });
});
