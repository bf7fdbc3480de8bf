import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../../tests/fuzz-runs";
import { fixtureArticles } from "../../tests/support/search-fixtures";
import { categories } from "../../content/categories";
import { type ArticleIndex, type BlogFilters, parseBlogFilters, searchArticles } from "./article-search";
import { createSearchIndex, readPlainText, toArticleDocument } from "../../content/search-engine";

const articles = fixtureArticles;
const articleIndex: ArticleIndex = {
  index: createSearchIndex(articles.map(toArticleDocument)),
  readBody: (slug) => readPlainText(articles.find((article) => article.slug === slug)?.html ?? ""),
};
const slugs = [null, ...categories.map((c) => c.slug), "no-such-category"];
const FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 2000);
const filtersArb: fc.Arbitrary<BlogFilters> = fc.record({
  q: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...articles.flatMap((a) => a.tags)), fc.constant("")),
  category: fc.constantFrom(...slugs),
});
const shuffledArb = fc.shuffledSubarray(articles, { minLength: 0, maxLength: articles.length });

describe("searchArticles", () => {
  it("with an empty query and no category returns every article, newest first", () => {
    const results = searchArticles(articleIndex, articles, { q: "", category: null });
    expect(results.map((a) => a.publishedAt)).toEqual([...articles.map((a) => a.publishedAt)].sort().reverse());
  });

  it("returns only articles it was given, of the chosen category", () => {
    fc.assert(
      fc.property(shuffledArb, filtersArb, (input, filters) => {
        const given = new Set(input.map((article) => article.slug));
        for (const article of searchArticles(articleIndex, input, filters)) {
          expect(given.has(article.slug)).toBe(true);
          if (filters.category) expect(article.categorySlug).toBe(filters.category);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("ignores case: any mix of upper and lower case finds the same articles", () => {
    const asciiQuery = fc.stringMatching(/^[a-zA-Z ]{0,10}$/);
    fc.assert(
      fc.property(asciiQuery, fc.constantFrom(...slugs), (q, category) => {
        const lower = searchArticles(articleIndex, articles, { q: q.toLowerCase(), category });
        expect(searchArticles(articleIndex, articles, { q: q.toUpperCase(), category })).toEqual(lower);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("finds an article by each of its tags, in any case", () => {
    for (const article of articles) {
      for (const tag of article.tags) {
        const found = searchArticles(articleIndex, articles, { q: tag.toUpperCase(), category: null });
        expect(found.map((a) => a.slug)).toContain(article.slug);
      }
    }
  });

  it("leaves out an article not given, as one scheduled for later is until its moment", () => {
    const [scheduled, ...published] = [...articles].reverse();
    const found = searchArticles(articleIndex, published, { q: scheduled!.title, category: null });
    expect(found.map((a) => a.slug)).not.toContain(scheduled!.slug);
  });
});

describe("parseBlogFilters", () => {
  it("reads q and category", () => {
    expect(parseBlogFilters(new URLSearchParams("q=%20fire%20&category=freedom"))).toEqual({
      q: "fire",
      category: "freedom",
    });
  });

  it("never throws on arbitrary query strings and keeps q short", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const filters = parseBlogFilters(new URLSearchParams(raw));
        expect(filters.q.length).toBeLessThanOrEqual(100);
        expect(filters.category === null || /^[a-z0-9-]+$/.test(filters.category)).toBe(true);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("drops a malformed category", () => {
    expect(parseBlogFilters(new URLSearchParams("category=<script>")).category).toBeNull();
  });
});
