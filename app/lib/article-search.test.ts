import fc from "fast-check";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planFuzzRuns } from "../../tests/fuzz-runs";
import { compileArticles } from "../../content/build/compile-articles";
import { categories } from "../../content/categories";
import { type BlogFilters, parseBlogFilters, searchArticles } from "./article-search";

const articles = compileArticles(path.resolve("content/articles"), { root: null });
const slugs = [null, ...categories.map((c) => c.slug), "no-such-category"];
const FUZZ = planFuzzRuns(process.env.BENCH_FUZZ_RUNS, 2000);
const filtersArb: fc.Arbitrary<BlogFilters> = fc.record({
  q: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...articles.flatMap((a) => a.tags)), fc.constant("")),
  category: fc.constantFrom(...slugs),
});
const shuffledArb = fc.shuffledSubarray(articles, { minLength: 0, maxLength: articles.length });

describe("searchArticles", () => {
  it("with an empty query and no category returns every article, newest first", () => {
    const results = searchArticles(articles, { q: "", category: null });
    expect(results).toHaveLength(articles.length);
    expect(results.map((a) => a.publishedAt)).toEqual([...articles.map((a) => a.publishedAt)].sort().reverse());
  });

  it("always returns a subset of its input", { timeout: FUZZ.timeoutMs }, () => {
    fc.assert(
      fc.property(shuffledArb, filtersArb, (input, filters) => {
        const results = searchArticles(input, filters);
        expect(results.length).toBeLessThanOrEqual(input.length);
        for (const article of results) expect(input).toContain(article);
      }),
      { numRuns: FUZZ.runs },
    );
  });

  it("always sorts newest first, whatever the input order", { timeout: FUZZ.timeoutMs }, () => {
    fc.assert(
      fc.property(shuffledArb, filtersArb, (input, filters) => {
        const dates = searchArticles(input, filters).map((a) => a.publishedAt);
        expect(dates).toEqual([...dates].sort().reverse());
      }),
      { numRuns: FUZZ.runs },
    );
  });

  it("ignores case: any mix of upper and lower case finds the same articles", { timeout: FUZZ.timeoutMs }, () => {
    const asciiQuery = fc.stringMatching(/^[a-zA-Z ]{0,10}$/);
    fc.assert(
      fc.property(asciiQuery, fc.constantFrom(...slugs), (q, category) => {
        const lower = searchArticles(articles, { q: q.toLowerCase(), category });
        expect(searchArticles(articles, { q: q.toUpperCase(), category })).toEqual(lower);
        expect(searchArticles(articles, { q, category })).toEqual(lower);
      }),
      { numRuns: FUZZ.runs },
    );
  });

  it(
    "every result matches the query in its title, excerpt or a tag, and the category",
    { timeout: FUZZ.timeoutMs },
    () => {
      fc.assert(
        fc.property(filtersArb, (filters) => {
          const needle = filters.q.trim().toLowerCase();
          for (const article of searchArticles(articles, filters)) {
            const haystacks = [article.title, article.excerpt, ...article.tags].map((text) => text.toLowerCase());
            expect(haystacks.some((text) => text.includes(needle))).toBe(true);
            if (filters.category) expect(article.categorySlug).toBe(filters.category);
          }
        }),
        { numRuns: FUZZ.runs },
      );
    },
  );

  it("finds an article by one of its tags, in any case", () => {
    for (const article of articles) {
      const tag = article.tags.at(-1)!.toUpperCase();
      expect(searchArticles(articles, { q: tag, category: null }).map((a) => a.slug)).toContain(article.slug);
    }
  });
});

describe("parseBlogFilters", () => {
  it("reads q and category", () => {
    expect(parseBlogFilters(new URLSearchParams("q=%20fire%20&category=freedom"))).toEqual({
      q: "fire",
      category: "freedom",
    });
  });

  it("never throws on arbitrary query strings and keeps q short", { timeout: FUZZ.timeoutMs }, () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const filters = parseBlogFilters(new URLSearchParams(raw));
        expect(filters.q.length).toBeLessThanOrEqual(100);
        expect(filters.category === null || /^[a-z0-9-]+$/.test(filters.category)).toBe(true);
      }),
      { numRuns: FUZZ.runs },
    );
  });

  it("drops a malformed category", () => {
    expect(parseBlogFilters(new URLSearchParams("category=<script>")).category).toBeNull();
  });
});
