import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../tests/fuzz-runs";
import {
  EMPTY_CART,
  UNMANAGED_STOCK,
  addItem,
  clampQuantity,
  describeCartLimit,
  describeQuantityLimit,
  formatStockLine,
  readCartAllowance,
  readProductOffer,
} from "./cart";

const currency = { code: "USD", symbol: "$", template: "$$1" };
const product = { id: "field-jacket", title: "Field Jacket", image: null };
const teeS = {
  id: "field-jacket-s",
  title: "S",
  manage_inventory: true,
  inventory_quantity: 30,
  price_in_cents: 2500,
  sale_price_in_cents: null,
  currency,
};
const teeM = { ...teeS, id: "field-jacket-m", title: "M", inventory_quantity: 40 };

function cartWith(quantity: number, variant = teeS) {
  const result = addItem(EMPTY_CART, { product, variant, quantity });
  if (!result.ok) throw new Error(result.message);
  return result.cart;
}

const FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 500);

describe("stock net of the cart (rule 4.12)", () => {
  it("counts only the variant's own line", () => {
    const cart = cartWith(2, teeM);
    expect(readCartAllowance(cart, teeS)).toEqual({ stock: 30, inCart: 0, remaining: 30 });
    expect(readCartAllowance(cart, teeM)).toEqual({ stock: 40, inCart: 2, remaining: 38 });
  });

  it("shows the stock alone, then with what the cart holds", () => {
    expect(formatStockLine(readCartAllowance(EMPTY_CART, teeS))).toBe("30 in stock");
    expect(formatStockLine(readCartAllowance(cartWith(2), teeS))).toBe("30 in stock · 2 in your cart");
    expect(formatStockLine(readCartAllowance(cartWith(30), teeS))).toBe("30 in stock · 30 in your cart");
  });

  it("says why Add to Cart is disabled only when nothing remains", () => {
    expect(describeCartLimit(readCartAllowance(cartWith(29), teeS), true)).toBeNull();
    expect(describeCartLimit(readCartAllowance(cartWith(30), teeS), true)).toBe("All 30 are in your cart.");
    const lastOne = { ...teeS, inventory_quantity: 1 };
    expect(describeCartLimit(readCartAllowance(cartWith(1, lastOne), lastOne), true)).toBe(
      "The one left is in your cart.",
    );
    // Stock 0 is rule 4.8's 'Out of Stock', not a full cart.
    expect(describeCartLimit(readCartAllowance(EMPTY_CART, { ...teeS, inventory_quantity: 0 }), true)).toBeNull();
    const ebook = { ...teeS, id: "ebook", manage_inventory: false };
    expect(describeCartLimit(readCartAllowance(cartWith(UNMANAGED_STOCK, ebook), ebook), false)).toBe(
      "Your cart holds the most one order can take.",
    );
  });

  it("keeps rule 4.4's message for an empty line and names the cart otherwise", () => {
    expect(describeQuantityLimit(readCartAllowance(EMPTY_CART, teeS))).toBe("Only 30 are available in stock.");
    expect(describeQuantityLimit(readCartAllowance(cartWith(28), teeS))).toBe(
      "Only 2 more can be added; your cart already holds 28.",
    );
  });

  it("for any stock and cart, adding what remains succeeds and one more is refused", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 60 }), (stock, held) => {
        const variant = { ...teeS, inventory_quantity: stock };
        const cart = held > 0 && held <= stock ? cartWith(held, variant) : EMPTY_CART;
        const { remaining, inCart } = readCartAllowance(cart, variant);
        expect(inCart + remaining).toBe(stock);
        if (remaining > 0) expect(addItem(cart, { product, variant, quantity: remaining }).ok).toBe(true);
        expect(addItem(cart, { product, variant, quantity: remaining + 1 }).ok).toBe(false);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});

describe("the product page's offer (rules 4.4, 4.8, 4.12)", () => {
  it("names the notice and disables everything when nothing can be added", () => {
    const none = { ...teeS, inventory_quantity: 0 };
    expect(readProductOffer(true, none, readCartAllowance(EMPTY_CART, none), 1)).toMatchObject({
      notice: "out-of-stock",
      canAdd: false,
      canIncrease: false,
      cartLimit: null,
    });
    expect(readProductOffer(false, teeS, readCartAllowance(EMPTY_CART, teeS), 1)).toMatchObject({
      notice: "unavailable",
      canAdd: false,
      cartLimit: null,
    });
    expect(readProductOffer(true, teeS, readCartAllowance(cartWith(30), teeS), 1)).toMatchObject({
      notice: null,
      canAdd: false,
      maxQuantity: 1,
      cartLimit: "All 30 are in your cart.",
    });
  });

  it("steps between 1 and what is left of a managed stock", () => {
    const allowance = readCartAllowance(cartWith(2), teeS);
    expect(readProductOffer(true, teeS, allowance, 1)).toMatchObject({
      canAdd: true,
      canDecrease: false,
      canIncrease: true,
      maxQuantity: 28,
    });
    expect(readProductOffer(true, teeS, allowance, 28)).toMatchObject({ canDecrease: true, canIncrease: false });
    const ebook = { ...teeS, id: "ebook", manage_inventory: false };
    expect(readProductOffer(true, ebook, readCartAllowance(EMPTY_CART, ebook), 5000)).toMatchObject({
      canIncrease: true,
      maxQuantity: UNMANAGED_STOCK,
    });
  });

  it("clamps a requested quantity to a whole number from 1 to what is left", () => {
    const allowance = readCartAllowance(cartWith(2), teeS);
    expect(clampQuantity(Number.NaN, teeS, allowance)).toEqual({ quantity: 1, limited: false });
    expect(clampQuantity(-3, teeS, allowance)).toEqual({ quantity: 1, limited: false });
    expect(clampQuantity(4.7, teeS, allowance)).toEqual({ quantity: 4, limited: false });
    expect(clampQuantity(29, teeS, allowance)).toEqual({ quantity: 28, limited: true });
    expect(clampQuantity(5, teeS, readCartAllowance(cartWith(30), teeS))).toEqual({ quantity: 1, limited: true });
    const ebook = { ...teeS, id: "ebook", manage_inventory: false };
    expect(clampQuantity(500, ebook, readCartAllowance(EMPTY_CART, ebook))).toEqual({ quantity: 500, limited: false });
  });
});
