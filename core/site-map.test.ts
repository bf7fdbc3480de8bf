import { describe, expect, it } from "vitest";
import { findBlockingFlag, findRequiredFlag } from "./site-map";
import { DEFAULT_FLAGS } from "./flags-schema";

describe("findRequiredFlag", () => {
  it.each([
    ["/store", "store"],
    ["/store.data", "store"],
    ["/store/", "store"],
    ["/product/tee", "store"],
    ["/product/tee.data", "store"],
    ["/api/checkout", "store"],
    ["/contact", "contact"],
    ["/contact.data", "contact"],
    ["/newsletter", "newsletter"],
  ])("%s needs %s", (path, flag) => {
    expect(findRequiredFlag(path)).toBe(flag);
  });

  it.each(["/", "/blog", "/stores", "/storefront", "/products", "/contact-us", "/about", "/please-hold"])(
    "%s is open to everyone",
    (path) => {
      expect(findRequiredFlag(path)).toBeNull();
    },
  );
});

describe("findBlockingFlag", () => {
  it("blocks only when the needed flag is off", () => {
    expect(findBlockingFlag("/store", DEFAULT_FLAGS)).toBeNull();
    expect(findBlockingFlag("/store", { ...DEFAULT_FLAGS, store: false })).toBe("store");
    expect(findBlockingFlag("/contact", { ...DEFAULT_FLAGS, store: false })).toBeNull();
  });
});
