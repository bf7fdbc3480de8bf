import { describe, expect, it } from "vitest";
import { buildTagHref, slugifyTag } from "./tags";

describe("slugifyTag (rule 3.7)", () => {
  it.each([
    ["side income", "side-income"],
    ["Side Income", "side-income"],
    ["AI & ML", "ai-ml"],
    ["  café  ", "cafe"],
    ["401(k)", "401-k"],
    ["!!!", ""],
  ])("%j → %j", (tag, slug) => {
    expect(slugifyTag(tag)).toBe(slug);
  });

  it("builds the page's path from the slug", () => {
    expect(buildTagHref("Index Funds")).toBe("/tags/index-funds");
  });
});
