/**
 * The articles as the server reads them from the content files (decision 021), on a publication of its own larger
 * than a page: `/blog`'s list and search page through the whole archive (rules 3.3 and 3.9), scheduled articles stay
 * out until their moment (rule 3.1), and a page reads only the article files it shows.
 */
import { describe, expect, it } from "vitest";
import type { Article } from "../../content/article-schema";
import { categories } from "../../content/categories";
import { CATALOGUE_PATH, SEARCH_INDEX_PATH } from "../../content/content-files";
import { type AssetReader, openContentStore } from "../../content/content-store.server";
import { buildContentFiles } from "../../content/build/content-output";
import { readPublishMs } from "../../content/publication";
import { LIST_PAGE_SIZE, type ListPage } from "../../core/pagination";
import type { NewsletterIssue } from "../../content/newsletter-issue-schema";
import { findArticle, findBlogPage, findTag, listLatestArticles, searchPublishedArticles } from "./articles.server";
import { ISSUE_RESULT_COUNT, searchSite } from "./site-search.server";

const NOW_MS = Date.UTC(2026, 5, 15);
const DAY_MS = 86_400_000;

/** Article `n` of the fixture: one a day back from the day before `NOW_MS`, the last few after it (scheduled). */
function makeArticle(n: number, scheduled: boolean): Article {
  const publishedAt = new Date(NOW_MS + (scheduled ? n + 1 : -(n + 1)) * DAY_MS).toISOString().slice(0, 10);
  const category = categories[n % categories.length]!;
  // Every third article is about harbours; the word is in its body only, so only the body's index finds it.
  const topic = n % 3 === 0 ? "The harbour pilot reads the tide tables before sunrise." : "Budgets start small.";
  const html = `<h2 id="start">Start</h2><p>${topic} Entry number ${n} of the fixture archive.</p>`;
  return {
    id: String(n + 1),
    slug: `${scheduled ? "later" : "entry"}-${n}`,
    title: `Fixture article number ${n}`,
    excerpt: `A fixture article, number ${n}, written for the tests of the server's list and search.`,
    author: "Fixture Author",
    publishedAt,
    category: category.title,
    categorySlug: category.slug,
    tags: [`topic ${n % 5}`],
    image: `/images/articles/entry-${n}.webp`,
    imageAlt: `Cover of article ${n}`,
    readTime: "2 min read",
    html,
    wordCount: 320,
  };
}

const PUBLISHED = Array.from({ length: 2 * LIST_PAGE_SIZE + 7 }, (_, n) => makeArticle(n, false));
const SCHEDULED = Array.from({ length: 4 }, (_, n) => makeArticle(n * 3, true));
const ARCHIVE = [...SCHEDULED, ...PUBLISHED].sort(
  (a, b) => readPublishMs(b.publishedAt) - readPublishMs(a.publishedAt),
);

/** Weekly issues before `NOW_MS`, oldest first, each about harbours. */
const ISSUES: NewsletterIssue[] = Array.from({ length: ISSUE_RESULT_COUNT + 5 }, (_, n) => ({
  slug: `letter-${n}`,
  title: `Fixture letter number ${n}`,
  preheader: "This week: the harbour and the budget.",
  sendAt: new Date(NOW_MS - (ISSUE_RESULT_COUNT + 5 - n) * 7 * DAY_MS).toISOString().replace(/\.\d{3}Z$/, "Z"),
  html: "<p>The harbour pilot and the budget.</p>",
  text: "The harbour pilot and the budget.",
  readMinutes: 1,
}));

/** A content store over the fixture's files, counting the reads of each path. */
function openFixtureStore(): { store: ReturnType<typeof openContentStore>; reads: Map<string, number> } {
  const files = buildContentFiles(ARCHIVE, ISSUES);
  const reads = new Map<string, number>();
  const assets: AssetReader = {
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      reads.set(path, (reads.get(path) ?? 0) + 1);
      const file = files.get(path);
      return file === undefined ? new Response("Not Found", { status: 404 }) : new Response(file);
    },
  };
  return { store: openContentStore(assets), reads };
}

/** Every item's slug on every page of a list, walked from page 1 until the last; `readPage` answers one page. */
async function walkPages(readPage: (page: number) => Promise<ListPage<{ slug: string }> | undefined>) {
  const slugs: string[] = [];
  for (let page = 1; ; page += 1) {
    const found = await readPage(page);
    expect(found, `page ${page}`).toBeDefined();
    expect(found!.items.length).toBeLessThanOrEqual(LIST_PAGE_SIZE);
    slugs.push(...found!.items.map((card) => card.slug));
    if (page === found!.pageCount) {
      expect(await readPage(page + 1)).toBeUndefined();
      return slugs;
    }
  }
}

/** Every card's slug on every page of `/blog` under these filters. */
const walkBlog = (store: ReturnType<typeof openContentStore>, q: string, category: string | null) =>
  walkPages((page) => findBlogPage(store, { q, category }, page, NOW_MS));

const countArticleReads = (reads: Map<string, number>) =>
  [...reads].filter(([path]) => path.startsWith("/_content/articles/")).reduce((sum, [, count]) => sum + count, 0);

describe("the small files a page cache key reads", () => {
  it("name the catalogue's version, and each year's moments, ascending, count every article and issue once", async () => {
    const { store } = openFixtureStore();
    const catalogue = await store.readCatalogue();
    expect(await store.readHead()).toEqual({ version: catalogue.version, preview: false });
    const all = [...ARCHIVE.map((article) => article.publishedAt), ...ISSUES.map((issue) => issue.sendAt)].map(
      readPublishMs,
    );
    const years = [...new Set(all.map((moment) => new Date(moment).getUTCFullYear()))];
    const read = (await Promise.all(years.map((year) => store.readYearMoments(year)))).flat();
    expect(read.toSorted((a, b) => a - b)).toEqual(all.toSorted((a, b) => a - b));
    for (const year of years) {
      const moments = await store.readYearMoments(year);
      expect(moments).toEqual(moments.toSorted((a, b) => a - b));
    }
    expect(await store.readYearMoments(1999)).toEqual([]);
  });
});

describe("/blog's list on the content files", () => {
  it("pages through every published article, newest first, and reads no article file", async () => {
    const { store, reads } = openFixtureStore();
    expect(await walkBlog(store, "", null)).toEqual(PUBLISHED.map((article) => article.slug));
    expect(countArticleReads(reads)).toBe(0);
    expect(reads.get(CATALOGUE_PATH), "the catalogue once per isolate").toBe(1);
  });

  it("filters by category over the whole archive", async () => {
    const { store } = openFixtureStore();
    const category = categories[1]!.slug;
    const expected = PUBLISHED.filter((article) => article.categorySlug === category).map((article) => article.slug);
    expect(await walkBlog(store, "", category)).toEqual(expected);
  });

  it("searches titles, excerpts and tags only, newest first, and reads no article file nor the search index", async () => {
    const { store, reads } = openFixtureStore();
    const expected = PUBLISHED.filter((article) => article.tags.includes("topic 2")).map((article) => article.slug);
    expect(await walkBlog(store, "TOPIC 2", null)).toEqual(expected);
    expect(await walkBlog(store, "harbour", null), "a word of the bodies only").toEqual([]);
    expect(countArticleReads(reads)).toBe(0);
    expect(reads.get(SEARCH_INDEX_PATH)).toBeUndefined();
  });
});

describe("/search's articles on the content files", () => {
  it("searches every body, each hit once, scheduled articles left out, reading only the shown page's files", async () => {
    const { store, reads } = openFixtureStore();
    const found = await walkPages((page) => searchPublishedArticles(store, "harbour", page, NOW_MS));
    const expected = PUBLISHED.filter((article) => article.html.includes("harbour")).map((article) => article.slug);
    expect(found.toSorted()).toEqual(expected.toSorted());
    expect(found.some((slug) => slug.startsWith("later-"))).toBe(false);
    expect(countArticleReads(reads), "one file per card shown, for its snippet").toBe(found.length);
    expect(reads.get(SEARCH_INDEX_PATH), "the index once per isolate").toBe(1);

    const first = await searchPublishedArticles(store, "harbour", 1, NOW_MS);
    const marked = first!.items[0]!.snippet.filter((part) => part.mark).map((part) => part.text.toLowerCase());
    expect(marked).toContain("harbour");
  });
});

describe("a tag page on the content files", () => {
  it("pages through the published articles carrying the tag, newest first, as the newest spells it", async () => {
    const { store } = openFixtureStore();
    const expected = PUBLISHED.filter((article) => article.tags.includes("topic 1")).map((article) => article.slug);
    const slugs: string[] = [];
    for (let page = 1; ; page += 1) {
      const found = await findTag(store, "topic-1", page, NOW_MS);
      if (!found) break;
      expect(found.tag).toEqual({ slug: "topic-1", name: "topic 1" });
      slugs.push(...found.articles.items.map((card) => card.slug));
    }
    expect(slugs).toEqual(expected);
    expect(await findTag(store, "no-such-tag", 1, NOW_MS)).toBeUndefined();
  });
});

describe("a scheduled article on the content files", () => {
  it("is not found, nor its file read, before its moment; it is found from its moment on", async () => {
    const { store, reads } = openFixtureStore();
    const later = SCHEDULED[0]!;
    const moment = readPublishMs(later.publishedAt);
    expect(await findArticle(store, later.slug, moment - 1)).toBeUndefined();
    expect(countArticleReads(reads)).toBe(0);
    expect((await listLatestArticles(store, 1, moment - 1))[0]?.slug).not.toBe(later.slug);

    expect((await findArticle(store, later.slug, moment))?.html).toBe(later.html);
    expect((await listLatestArticles(store, 50, moment)).map((card) => card.slug)).toContain(later.slug);
    const searched = await searchPublishedArticles(store, later.title, 1, moment);
    expect(searched!.items.map((card) => card.slug)).toContain(later.slug);
  });

  it("is an unknown slug's answer for a slug with no file", async () => {
    const { store } = openFixtureStore();
    expect(await findArticle(store, "no-such-article", NOW_MS)).toBeUndefined();
  });
});

describe("/search on the content files", () => {
  it("shows a bounded page of articles and issues, and counts every match", async () => {
    const { store } = openFixtureStore();
    const found = await searchSite(store, "harbour", { issues: true, products: false }, NOW_MS);
    const articles = PUBLISHED.filter((article) => article.html.includes("harbour"));
    expect(found!.articles.total).toBe(articles.length);
    expect(found!.articles.items.length).toBe(Math.min(articles.length, LIST_PAGE_SIZE));
    expect(found!.issueCount).toBe(ISSUES.length);
    expect(found!.issues.map((issue) => issue.slug)).toHaveLength(ISSUE_RESULT_COUNT);
    const last = await searchSite(
      store,
      "harbour",
      { issues: true, products: false },
      NOW_MS,
      found!.articles.pageCount,
    );
    expect(last!.issueCount, "every page counts the issues").toBe(ISSUES.length);
    expect(
      await searchSite(store, "harbour", { issues: true, products: false }, NOW_MS, found!.articles.pageCount + 1),
    ).toBeUndefined();
  });
});
