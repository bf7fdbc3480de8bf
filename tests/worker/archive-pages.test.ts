/**
 * Later pages against the built worker, on the generated archive (`tests/support/archive-fixture.ts`, project
 * `worker-archive`), which has more than two pages of `/blog`, of a category and of a tag (rule 3.9): page 2 holds
 * the next cards with `rel` links both ways, the last page links back only, and the page past the last is the 404
 * page. `/search` and the newsletter archive page the same way.
 */
import { SELF } from "cloudflare:test";
import issues from "virtual:vpf/newsletters";
import { describe, expect, it } from "vitest";
import { categories } from "../../content/categories";
import { buildTagHref } from "../../content/tags";
import { LIST_PAGE_SIZE } from "../../core/pagination";
import { ARCHIVE_CATEGORY, ARCHIVE_ISSUE_COUNT, ARCHIVE_MARKUP_SLUG, ARCHIVE_TAG } from "../support/archive-facts";
import { listPublishedNewestFirst, readCardSlugs, readHeadLink, standClockStill } from "./list-pages";
import { requestCachedPage } from "./helpers";

standClockStill();

/** Fetches `path` from the worker and reads its status and HTML. */
async function fetchPage(path: string): Promise<{ status: number; html: string }> {
  const response = await SELF.fetch(`https://vpf.test${path}`);
  return { status: response.status, html: await response.text() };
}

const category = categories.find((entry) => entry.title === ARCHIVE_CATEGORY)!;

/** Each list with more than two pages, and the slugs it holds, newest first. */
const LISTS = [
  { path: "/blog", slugs: () => listPublishedNewestFirst().map((article) => article.slug) },
  {
    path: category.href,
    slugs: () =>
      listPublishedNewestFirst()
        .filter((article) => article.categorySlug === category.slug)
        .map((article) => article.slug),
  },
  {
    path: buildTagHref(ARCHIVE_TAG),
    slugs: () =>
      listPublishedNewestFirst()
        .filter((article) => article.tags.includes(ARCHIVE_TAG))
        .map((article) => article.slug),
  },
];

describe("a list of more than two pages", () => {
  it.each(LISTS)("$path: page 2 holds the next cards and links both ways", async ({ path, slugs }) => {
    const all = slugs();
    expect(all.length, "the archive has a third page").toBeGreaterThan(2 * LIST_PAGE_SIZE);
    const { status, html } = await fetchPage(`${path}?page=2`);
    expect(status).toBe(200);
    expect(readCardSlugs(html)).toEqual(all.slice(LIST_PAGE_SIZE, 2 * LIST_PAGE_SIZE));
    expect(readHeadLink(html, "canonical")).toBe(`${path}?page=2`);
    expect(readHeadLink(html, "prev")).toBe(path);
    expect(readHeadLink(html, "next")).toBe(`${path}?page=3`);
    expect(html).toContain(`href="${path}?page=3"`);
  });

  it.each(LISTS)("$path: the last page links back only; the one past it is the 404 page", async ({ path, slugs }) => {
    const pages = Math.ceil(slugs().length / LIST_PAGE_SIZE);
    const last = await fetchPage(`${path}?page=${pages}`);
    expect(last.status).toBe(200);
    expect(readCardSlugs(last.html)).toEqual(slugs().slice((pages - 1) * LIST_PAGE_SIZE));
    expect(readHeadLink(last.html, "prev")).toBe(pages === 2 ? path : `${path}?page=${pages - 1}`);
    expect(readHeadLink(last.html, "next")).toBeUndefined();
    const past = await fetchPage(`${path}?page=${pages + 1}`);
    expect(past.status).toBe(404);
    expect(past.html).toContain("Page Not Found");
  });
});

describe("an article's own markup", () => {
  it("loses a meta refresh and a clobbering name at build time, and its wide table scrolls in its own box", async () => {
    const { status, html } = await fetchPage(`/blog/${ARCHIVE_MARKUP_SLUG}`);
    expect(status).toBe(200);
    expect(html).not.toContain("http-equiv");
    expect(html).not.toContain('name="getElementsByTagName"');
    expect(html).toContain('alt="A chart of rates"');
    expect(html).toMatch(/<div class="table-scroll" tabindex="0"><table>[\s\S]*Protected up to/);
  });
});

describe("a list's later page in the page cache", () => {
  it.each([...LISTS.map(({ path }) => path), "/newsletter/issues"])(
    "%s?page=2 comes from the page cache on its second request, with the same cards",
    async (path) => {
      const rendered = await fetchPage(`${path}?page=2`);
      const cached = await requestCachedPage(`${path}?page=2`);
      expect(await cached.text()).toContain(
        rendered.html.slice(rendered.html.indexOf("<main"), rendered.html.indexOf("</main>")),
      );
    },
  );

  it("keeps no search: a later page of /search or of a searched /blog is rendered each time", async () => {
    for (const path of ["/search?q=habits&page=2", "/blog?q=habits&page=2"]) {
      await expect(requestCachedPage(path), path).rejects.toThrow("did not come from the page cache");
    }
  });
});

describe("/search's articles", () => {
  it("come a page at a time, each article once, the pager keeping the words; past the last is the 404 page", async () => {
    const all = listPublishedNewestFirst().filter((article) => article.tags.includes("habits"));
    const pages = Math.ceil(all.length / LIST_PAGE_SIZE);
    expect(pages, "the archive gives the search more than two pages").toBeGreaterThan(2);
    const found: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const { status, html } = await fetchPage(page === 1 ? "/search?q=habits" : `/search?q=habits&page=${page}`);
      expect(status, `page ${page}`).toBe(200);
      found.push(...readCardSlugs(html));
      if (page < pages)
        expect(html).toMatch(new RegExp(`href="/search\\?q=habits&amp;page=${page + 1}"[^>]*>More results`));
      if (page > 1) expect(html).toContain(">Better matches");
    }
    expect(found.toSorted()).toEqual(all.map((article) => article.slug).toSorted());
    expect((await fetchPage(`/search?q=habits&page=${pages + 1}`)).status).toBe(404);
  });
});

/** The issues a page of the newsletter archive links, in order. */
function readIssueSlugs(html: string): string[] {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return [...main.matchAll(/<h2[^>]*><a [^>]*href="\/newsletter\/issues\/([^"]+)"/g)].map((match) => match[1] ?? "");
}

describe("the newsletter archive", () => {
  it("lists every sent issue, newest first, a page at a time; past the last page is the 404 page", async () => {
    const sent = issues
      .filter((issue) => Date.parse(issue.sendAt) <= Date.now())
      .toSorted((a, b) => Date.parse(b.sendAt) - Date.parse(a.sendAt))
      .map((issue) => issue.slug);
    expect(sent.length).toBe(ARCHIVE_ISSUE_COUNT);
    const pages = Math.ceil(sent.length / LIST_PAGE_SIZE);
    expect(pages, "the archive's issues fill more than a page").toBeGreaterThan(1);
    const found: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const path = page === 1 ? "/newsletter/issues" : `/newsletter/issues?page=${page}`;
      const { status, html } = await fetchPage(path);
      expect(status, path).toBe(200);
      expect(readHeadLink(html, "canonical")).toBe(path);
      expect(readHeadLink(html, "next")).toBe(page < pages ? `/newsletter/issues?page=${page + 1}` : undefined);
      if (page < pages) expect(html).toContain(">Older issues");
      found.push(...readIssueSlugs(html));
    }
    expect(found).toEqual(sent);
    expect((await fetchPage(`/newsletter/issues?page=${pages + 1}`)).status).toBe(404);
  });
});
