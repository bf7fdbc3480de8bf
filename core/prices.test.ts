import { describe, expect, it } from "vitest";
import { formatCartTotal, formatPrice, readUnitPrice } from "./prices";

describe("formatPrice (rule 4.1)", () => {
  it("uses the template's $1 placeholder first", () => {
    expect(formatPrice(2500, { code: "USD", symbol: "$", template: "$$1" })).toBe("$25.00");
    expect(formatPrice(1999, { code: "GBP", symbol: "£", template: "$1 GBP" })).toBe("19.99 GBP");
  });

  it("then the symbol, then the code, then the euro sign", () => {
    expect(formatPrice(5, { code: "GBP", symbol: "£" })).toBe("£0.05");
    expect(formatPrice(123456, { code: "CHF" })).toBe("CHF 1234.56");
    expect(formatPrice(100, {})).toBe("€1.00");
    expect(formatPrice(100, null)).toBe("€1.00");
  });

  it("ignores a template without the placeholder", () => {
    expect(formatPrice(100, { code: "USD", symbol: "$", template: "dollars" })).toBe("$1.00");
  });
});

describe("cart total and unit price", () => {
  it("always shows the total with a dollar sign", () => {
    expect(formatCartTotal(7899)).toBe("$78.99");
  });

  it("uses the sale price when present", () => {
    expect(readUnitPrice({ price_in_cents: 3500, sale_price_in_cents: 2900 })).toBe(2900);
    expect(readUnitPrice({ price_in_cents: 3500, sale_price_in_cents: null })).toBe(3500);
  });
});
