/** Lists that paginate (rule 3.9): pages cover a list exactly once, in order, and bad page numbers mean page 1. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE, buildPageHref, paginate, readPageNumber } from "./pagination";

describe("paginate", () => {
  it("splits any list into pages of at most the page size that, read in order, give the list back", () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 200 }), fc.integer({ min: 1, max: 30 }), (list, size) => {
        const first = paginate(list, 1, size);
        expect(first).toBeDefined();
        const pages = Array.from({ length: first?.pageCount ?? 0 }, (_, index) => paginate(list, index + 1, size));
        expect(pages.flatMap((page) => page?.items ?? [])).toEqual(list);
        for (const page of pages) {
          expect(page?.items.length).toBeLessThanOrEqual(size);
          expect(page?.total).toBe(list.length);
        }
        // Every page but the last is full, so no page is ever empty but the only page of an empty list.
        expect(pages.slice(0, -1).every((page) => page?.items.length === size)).toBe(true);
        expect(paginate(list, pages.length + 1, size)).toBeUndefined();
      }),
    );
  });

  it("has one empty page for an empty list, and nothing at page 0 or a fraction", () => {
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
    expect(paginate([1, 2], 0)).toBeUndefined();
    expect(paginate([1, 2], 1.5)).toBeUndefined();
  });

  it(`shows ${LIST_PAGE_SIZE} cards a page by default`, () => {
    const list = Array.from({ length: LIST_PAGE_SIZE * 2 + 1 }, (_, index) => index);
    expect(paginate(list, 2)?.items).toEqual(list.slice(LIST_PAGE_SIZE, LIST_PAGE_SIZE * 2));
    expect(paginate(list, 3)?.items).toEqual([LIST_PAGE_SIZE * 2]);
  });
});

describe("readPageNumber", () => {
  it("reads a whole page number and treats anything else as page 1", () => {
    const read = (query: string) => readPageNumber(new URLSearchParams(query));
    expect(read("page=2")).toBe(2);
    expect(read("page=100000")).toBe(100_000);
    for (const bad of [
      "",
      "page=",
      "page=0",
      "page=-1",
      "page=02",
      "page=1.5",
      "page=2e3",
      "page=abc",
      "page=9999999",
    ]) {
      expect(read(bad), bad).toBe(1);
    }
  });

  it("never throws, whatever the query holds", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const page = readPageNumber(new URLSearchParams({ page: value }));
        expect(Number.isInteger(page) && page >= 1).toBe(true);
      }),
    );
  });
});

it("addresses page 1 at the bare path and later pages with ?page=N", () => {
  expect(buildPageHref("/tags/x", 1)).toBe("/tags/x");
  expect(buildPageHref("/tags/x", 3)).toBe("/tags/x?page=3");
});

it("keeps a list's own parameters, encoded, before the page, and leaves empty ones out", () => {
  expect(buildPageHref("/blog", 1, { q: "", category: null })).toBe("/blog");
  expect(buildPageHref("/blog", 2, { q: "r&d fund", category: "investing" })).toBe(
    "/blog?q=r%26d+fund&category=investing&page=2",
  );
  expect(buildPageHref("/blog", 1, { q: "fund" })).toBe("/blog?q=fund");
});
