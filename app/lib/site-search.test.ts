import { describe, expect, it } from "vitest";
import {
  MAX_SEARCH_TERMS,
  foldSearchText,
  parseSiteQuery,
  readSearchBody,
  scoreSearchMatch,
  splitSearchTerms,
} from "./site-search";
import { MAX_QUERY_LENGTH } from "./blog-limits";

const text = (title: string, summary = "", body = "") => ({
  title: foldSearchText(title),
  summary: foldSearchText(summary),
  body: readSearchBody(body),
});

describe("parseSiteQuery", () => {
  it("trims, cuts to the box's length and never throws", () => {
    expect(parseSiteQuery(new URLSearchParams("q=%20fund%20"))).toBe("fund");
    expect(parseSiteQuery(new URLSearchParams(`q=${"a".repeat(500)}`))).toHaveLength(MAX_QUERY_LENGTH);
    expect(parseSiteQuery(new URLSearchParams(""))).toBe("");
    expect(parseSiteQuery(new URLSearchParams("q=a&q=b"))).toBe("a");
  });
});

describe("splitSearchTerms", () => {
  it("folds case and accents, splits on anything but letters and digits, and drops repeats", () => {
    expect(splitSearchTerms("  Index-FUNDS  index  Café ")).toEqual(["index", "funds", "cafe"]);
    expect(splitSearchTerms(" \t ")).toEqual([]);
  });

  it("keeps at most the first MAX_SEARCH_TERMS words", () => {
    const words = Array.from({ length: MAX_SEARCH_TERMS + 5 }, (_, index) => `w${index}`);
    expect(splitSearchTerms(words.join(" "))).toEqual(words.slice(0, MAX_SEARCH_TERMS));
  });
});

describe("scoreSearchMatch", () => {
  it("matches a word by its start, not inside another word", () => {
    expect(scoreSearchMatch(text("Index funds"), ["fund"])).toBeGreaterThan(0);
    expect(scoreSearchMatch(text("Ask for a refund"), ["fund"])).toBe(0);
  });

  it("needs every term somewhere, and weighs the title over the summary over the body", () => {
    const item = text("Index funds", "A long game", "<p>Fees &amp; <em>taxes</em> matter</p>");
    expect(scoreSearchMatch(item, ["index", "taxes"])).toBe(3 + 1);
    expect(scoreSearchMatch(item, ["long", "fees"])).toBe(2 + 1);
    expect(scoreSearchMatch(item, ["index", "crypto"])).toBe(0);
    expect(scoreSearchMatch(item, [])).toBe(0);
  });
});

describe("readSearchBody", () => {
  it("reads HTML as its words, tags and entities left out", () => {
    expect(readSearchBody('<h2 id="x">Rock &amp; Roll</h2><p>it&#39;s <a href="/y">here</a></p>')).toBe(
      " rock roll it s here",
    );
  });
});
