import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../../tests/fuzz-runs";
import { fixtureArticles } from "../../tests/support/search-fixtures";
import { categories } from "../../content/categories";
import { type BlogFilters, filterBlogArticles, parseBlogFilters } from "./article-search";

const articles = fixtureArticles;
const slugs = [null, ...categories.map((c) => c.slug), "no-such-category"];
const FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 2000);
const textPieceArb = fc
  .constantFrom(...articles.flatMap((a) => [a.title, a.excerpt, ...a.tags]))
  .chain((text) =>
    fc
      .tuple(fc.nat(text.length), fc.nat(text.length))
      .map(([from, to]) => text.slice(Math.min(from, to), Math.max(from, to))),
  );
const filtersArb: fc.Arbitrary<BlogFilters> = fc.record({
  q: fc.oneof(fc.string({ maxLength: 12 }), textPieceArb, fc.constant("")),
  category: fc.constantFrom(...slugs),
});
const shuffledArb = fc.shuffledSubarray(articles, { minLength: 0, maxLength: articles.length });

/** Rule 3.3 read aloud: does `article` hold `q` in its title, excerpt or a tag, ignoring case? */
const holdsWords = (article: (typeof articles)[number], q: string) =>
  [article.title, article.excerpt, ...article.tags].some((text) => text.toLowerCase().includes(q.toLowerCase()));

describe("filterBlogArticles", () => {
  it("with an empty query and no category returns every article, newest first", () => {
    const results = filterBlogArticles(articles, { q: "", category: null });
    expect(results.map((a) => a.publishedAt)).toEqual([...articles.map((a) => a.publishedAt)].sort().reverse());
  });

  it("keeps exactly the given articles of the category that hold the words in a title, excerpt or tag, newest first", () => {
    fc.assert(
      fc.property(shuffledArb, filtersArb, (input, filters) => {
        const found = filterBlogArticles(input, filters);
        const expected = input.filter(
          (article) =>
            (filters.category === null || article.categorySlug === filters.category) && holdsWords(article, filters.q),
        );
        expect(found.map((a) => a.slug).toSorted()).toEqual(expected.map((a) => a.slug).toSorted());
        for (let i = 1; i < found.length; i++) {
          expect(found[i - 1]!.publishedAt >= found[i]!.publishedAt).toBe(true);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("ignores case: any mix of upper and lower case finds the same articles", () => {
    fc.assert(
      fc.property(textPieceArb, fc.constantFrom(...slugs), (q, category) => {
        const lower = filterBlogArticles(articles, { q: q.toLowerCase(), category });
        expect(filterBlogArticles(articles, { q: q.toUpperCase(), category })).toEqual(lower);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("matches inside a word, unlike the site search", () => {
    const article = articles.find((a) => a.title.length > 6)!;
    const inside = article.title.slice(2, 6);
    expect(filterBlogArticles(articles, { q: inside, category: null })).toContain(article);
  });

  it("finds an article by each of its tags, in any case", () => {
    for (const article of articles) {
      for (const tag of article.tags) {
        const found = filterBlogArticles(articles, { q: tag.toUpperCase(), category: null });
        expect(found.map((a) => a.slug)).toContain(article.slug);
      }
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
