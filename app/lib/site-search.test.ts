import { describe, expect, it } from "vitest";
import { parseSiteQuery } from "./site-search";
import { MAX_QUERY_LENGTH } from "./blog-limits";

describe("parseSiteQuery", () => {
  it("trims, cuts to the box's length and never throws", () => {
    expect(parseSiteQuery(new URLSearchParams("q=%20fund%20"))).toBe("fund");
    expect(parseSiteQuery(new URLSearchParams(`q=${"a".repeat(500)}`))).toHaveLength(MAX_QUERY_LENGTH);
    expect(parseSiteQuery(new URLSearchParams(""))).toBe("");
    expect(parseSiteQuery(new URLSearchParams("q=a&q=b"))).toBe("a");
  });
});
