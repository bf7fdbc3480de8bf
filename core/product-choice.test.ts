import { describe, expect, it } from "vitest";
import { buildTestProduct, buildTestVariant } from "../tests/support/product-fixtures";
import { describeUnmetChoice, findChosenVariant, readChoiceParam, slugifyChoice } from "./product-choice";

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
    for (const value of ["medium", "huge", "<b>", "a".repeat(61), "", null, undefined]) {
      expect(findChosenVariant(shirt, value), String(value)).toBe(small);
    }
  });

  it("reads the choice in any case and spelling of its title", () => {
    for (const value of ["extra-large", "Extra Large", "EXTRA-LARGE"]) {
      expect(findChosenVariant(shirt, value)?.title, value).toBe("Extra Large");
    }
  });

  it("says what the address asked for and could not get, and nothing when it got it or asked nothing", () => {
    const option = shirt.options[0]!.title;
    expect(describeUnmetChoice(shirt, "huge", small)).toBe(`${option} “huge” is not available; showing Small.`);
    expect(describeUnmetChoice(shirt, "medium", small), "sold out").toContain("is not available");
    expect(describeUnmetChoice(shirt, "SMALL", small)).toBeNull();
    expect(describeUnmetChoice(shirt, null, small)).toBeNull();
    expect(describeUnmetChoice(shirt, "  ", small)).toBeNull();
  });

  it("falls back to the first variant when none is available", () => {
    const gone = buildTestProduct("gone", "Gone", [soldOut]);
    expect(findChosenVariant(gone, "medium")).toBe(soldOut);
  });
});
