import { describe, expect, it } from "vitest";
import { buildTestProduct, buildTestVariant } from "../tests/support/product-fixtures";
import { findChosenVariant, readChoiceParam, slugifyChoice } from "./product-choice";

const small = buildTestVariant("shirt-s", "Small");
const large = buildTestVariant("shirt-l", "Extra Large");
const soldOut = buildTestVariant("shirt-m", "Medium", { inventory_quantity: 0 });
const shirt = buildTestProduct(
  "shirt",
  "Shirt",
  [soldOut, small, large],
  [{ id: "size", title: "Shirt Size", values: [] }],
);

describe("the variant chosen in the address", () => {
  it("names the parameter after the option and the value after the variant's title, in lower case", () => {
    expect(readChoiceParam(shirt)).toBe("shirt-size");
    expect(slugifyChoice("Extra Large")).toBe("extra-large");
    expect(readChoiceParam(buildTestProduct("book", "Book", [small]))).toBe("variant");
  });

  it("opens with the variant the address names", () => {
    expect(findChosenVariant(shirt, "extra-large")).toBe(large);
  });

  it("falls back to the first available variant for a sold-out, unknown, malformed or missing choice", () => {
    for (const value of ["medium", "huge", "<b>", "Extra Large", "a".repeat(61), "", null, undefined]) {
      expect(findChosenVariant(shirt, value), String(value)).toBe(small);
    }
  });

  it("falls back to the first variant when none is available", () => {
    const gone = buildTestProduct("gone", "Gone", [soldOut]);
    expect(findChosenVariant(gone, "medium")).toBe(soldOut);
  });
});
