import { describe, expect, it } from "vitest";
import { SITE_NAME } from "../../content/site";
import { countBrandMentions, formatTitle } from "./meta";

describe("formatTitle (rule 3.6)", () => {
  it("adds the brand after a page title that does not name it", () => {
    expect(formatTitle("Blog")).toBe(`Blog | ${SITE_NAME}`);
  });

  it("drops the brand where a page title starts or ends with it", () => {
    expect(formatTitle(`About ${SITE_NAME}`)).toBe(`About | ${SITE_NAME}`);
    expect(formatTitle(`${SITE_NAME} Newsletter`)).toBe(`Newsletter | ${SITE_NAME}`);
  });

  it("leaves a title naming the brand in its middle without the suffix", () => {
    expect(formatTitle(`Why ${SITE_NAME} Exists`)).toBe(`Why ${SITE_NAME} Exists`);
  });

  it("never names the brand twice", () => {
    for (const title of [undefined, SITE_NAME, `${SITE_NAME} ${SITE_NAME}`, `About ${SITE_NAME}`, "Terms of Sale"]) {
      expect(countBrandMentions(formatTitle(title)), String(title)).toBe(1);
    }
  });
});
