/**
 * Later pages against the built worker, on the generated archive (`tests/support/archive-fixture.ts`, project
 * `worker-archive`), which has more than two pages of `/blog`, of a category and of a tag (rule 3.9): page 2 holds
 * the next cards with `rel` links both ways, the last page links back only, and the page past the last is the 404
 * page. The newsletter archive lists every sent issue.
 */
import { SELF } from "cloudflare:test";
import issues from "virtual:vpf/newsletters";
import { describe, expect, it } from "vitest";
import { categories } from "../../content/categories";
import { buildTagHref } from "../../content/tags";
import { LIST_PAGE_SIZE } from "../../core/pagination";
import { ARCHIVE_CATEGORY, ARCHIVE_ISSUE_COUNT, ARCHIVE_TAG } from "../support/archive-fixture";
import { listPublishedNewestFirst, readCardSlugs, readHeadLink, standClockStill } from "./list-pages";

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

describe("the newsletter archive", () => {
  it("lists every sent issue", async () => {
    const { status, html } = await fetchPage("/newsletter/issues");
    expect(status).toBe(200);
    const sent = issues.filter((issue) => Date.parse(issue.sendAt) <= Date.now());
    expect(sent.length).toBe(ARCHIVE_ISSUE_COUNT);
    for (const issue of sent) expect(html, issue.slug).toContain(`href="/newsletter/issues/${issue.slug}"`);
  });
});
