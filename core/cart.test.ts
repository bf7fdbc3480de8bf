import fc from "fast-check";
import { readFuzzRuns } from "../tests/fuzz-runs";
import { describe, expect, it } from "vitest";
import {
  type CartItem,
  type CartState,
  EMPTY_CART,
  UNMANAGED_STOCK,
  addItem,
  clearCart,
  countItems,
  parseSavedCart,
  readAvailableStock,
  removeItem,
  serializeCart,
  totalCents,
  updateQuantity,
} from "./cart";

const currency = { code: "USD", symbol: "$", template: "$$1" };
const CART_FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 1000);
const SAVED_CART_FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS);
const variantArb = fc.record({
  id: fc.constantFrom("v1", "v2", "v3", "v4"),
  title: fc.constantFrom("S", "M", "Default"),
  manage_inventory: fc.boolean(),
  inventory_quantity: fc.integer({ min: 0, max: 60 }),
  price_in_cents: fc.integer({ min: 0, max: 10_000 }),
  sale_price_in_cents: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
  currency: fc.constant(currency),
});
// One catalogue per run, so a variant id always means the same variant.
const catalogueArb = fc.uniqueArray(variantArb, { selector: (variant) => variant.id, minLength: 1, maxLength: 4 });

type Op =
  | { kind: "add"; index: number; quantity: number }
  | { kind: "remove"; index: number }
  | { kind: "change"; index: number; quantity: number }
  | { kind: "clear" };

// Mostly near the sample stocks, sometimes far past them (and past the 999999 of unmanaged stock).
const quantityArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -5, max: 100 }) },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 2_000_000 }) },
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), index: fc.nat(3), quantity: quantityArb }),
  fc.record({ kind: fc.constant("remove" as const), index: fc.nat(3) }),
  fc.record({ kind: fc.constant("change" as const), index: fc.nat(3), quantity: quantityArb }),
  fc.record({ kind: fc.constant("clear" as const) }),
);

function apply(cart: CartState, op: Op, catalogue: CartItem["variant"][]): CartState {
  if (op.kind === "clear") return clearCart();
  const variant = catalogue[op.index % catalogue.length]!;
  if (op.kind === "add") {
    return addItem(cart, { product: { id: "p", title: "Product", image: null }, variant, quantity: op.quantity }).cart;
  }
  if (op.kind === "remove") return removeItem(cart, variant.id);
  return updateQuantity(cart, variant.id, op.quantity);
}

/**
 * The quantities the rules promise after `op` (rules 4.3 to 4.5), as a plain
 * model: variant id → quantity, in the order lines were added. Managed stock
 * is the inventory; unmanaged stock is effectively unlimited, so an unmanaged
 * line is never refused nor capped.
 */
function applyToModel(model: Map<string, number>, op: Op, catalogue: CartItem["variant"][]): Map<string, number> {
  if (op.kind === "clear") return new Map();
  const variant = catalogue[op.index % catalogue.length]!;
  const next = new Map(model);
  const inCart = model.get(variant.id);
  if (op.kind === "remove") {
    next.delete(variant.id);
  } else if (op.kind === "add") {
    const wanted = (inCart ?? 0) + op.quantity;
    const refused = op.quantity < 1 || (variant.manage_inventory && wanted > variant.inventory_quantity);
    if (!refused) next.set(variant.id, wanted);
  } else if (inCart !== undefined && op.quantity >= 1) {
    next.set(
      variant.id,
      variant.manage_inventory ? Math.max(1, Math.min(op.quantity, variant.inventory_quantity)) : op.quantity,
    );
  }
  return next;
}

describe("cart rules under any sequence of operations", () => {
  it("give exactly the modelled quantities (managed capped at stock, unmanaged never); badge and total follow", () => {
    fc.assert(
      fc.property(catalogueArb, fc.array(opArb, { maxLength: 40 }), (catalogue, ops) => {
        let cart: CartState = EMPTY_CART;
        let model = new Map<string, number>();
        for (const op of ops) {
          cart = apply(cart, op, catalogue);
          model = applyToModel(model, op, catalogue);
          expect(cart.items.map((item) => [item.variant.id, item.quantity])).toEqual([...model]);
          for (const item of cart.items) {
            expect(Number.isInteger(item.quantity)).toBe(true);
            expect(item.quantity).toBeGreaterThanOrEqual(1);
            if (item.variant.manage_inventory)
              expect(item.quantity).toBeLessThanOrEqual(item.variant.inventory_quantity);
          }
          expect(countItems(cart)).toBe(cart.items.reduce((sum, item) => sum + item.quantity, 0));
          expect(totalCents(cart)).toBe(
            cart.items.reduce(
              (sum, item) => sum + (item.variant.sale_price_in_cents ?? item.variant.price_in_cents) * item.quantity,
              0,
            ),
          );
        }
      }),
      { numRuns: CART_FUZZ_RUNS },
    );
  });

  it("counts unmanaged stock as exactly 999999, whatever inventory the variant reports", () => {
    fc.assert(
      fc.property(variantArb, fc.integer({ min: -1_000_000, max: 1_000_000 }), (variant, inventory) => {
        const unmanaged = { ...variant, manage_inventory: false, inventory_quantity: inventory };
        expect(readAvailableStock(unmanaged)).toBe(999_999);
        expect(readAvailableStock({ ...unmanaged, manage_inventory: true })).toBe(Math.max(0, inventory));
      }),
      { numRuns: CART_FUZZ_RUNS },
    );
  });

  it("survives a save and a reload unchanged", () => {
    fc.assert(
      fc.property(catalogueArb, fc.array(opArb, { maxLength: 20 }), (catalogue, ops) => {
        const cart = ops.reduce((current, op) => apply(current, op, catalogue), EMPTY_CART);
        expect(parseSavedCart(serializeCart(cart))).toEqual({ cart: { items: cart.items } });
      }),
      { numRuns: CART_FUZZ_RUNS },
    );
  });
});

describe("addItem", () => {
  const tee = {
    id: "tee-m",
    title: "M",
    manage_inventory: true,
    inventory_quantity: 40,
    price_in_cents: 2500,
    sale_price_in_cents: null,
    currency,
  };
  const product = { id: "tee", title: "Field Jacket", image: null };

  it("raises the quantity of a variant already in the cart", () => {
    const once = addItem(EMPTY_CART, { product, variant: tee, quantity: 2 }).cart;
    const twice = addItem(once, { product, variant: tee, quantity: 3 }).cart;
    expect(twice.items).toHaveLength(1);
    expect(twice.items[0]?.quantity).toBe(5);
  });

  it("refuses an over-stock add with rule 4.3's message and leaves the cart unchanged", () => {
    const start = addItem(EMPTY_CART, { product, variant: tee, quantity: 39 }).cart;
    const result = addItem(start, { product, variant: tee, quantity: 2 });
    expect(result).toEqual({
      ok: false,
      cart: start,
      message: "Not enough stock for Field Jacket (M). Only 40 left.",
    });
  });

  it("never refuses nor caps an unmanaged variant, even past its reported inventory", () => {
    const ebook = { ...tee, id: "ebook", manage_inventory: false, inventory_quantity: 0 };
    const added = addItem(EMPTY_CART, { product, variant: ebook, quantity: UNMANAGED_STOCK });
    expect(added.ok).toBe(true);
    expect(added.cart.items[0]?.quantity).toBe(999_999);
    expect(updateQuantity(added.cart, "ebook", 12_345).items[0]?.quantity).toBe(12_345);
  });
});

describe("updateQuantity", () => {
  const variant = {
    id: "v",
    title: "Default",
    manage_inventory: true,
    inventory_quantity: 5,
    price_in_cents: 100,
    sale_price_in_cents: 80,
    currency,
  };
  const cart = addItem(EMPTY_CART, { product: { id: "p", title: "P", image: null }, variant, quantity: 2 }).cart;

  it("ignores values below 1", () => {
    expect(updateQuantity(cart, "v", 0)).toBe(cart);
    expect(updateQuantity(cart, "v", -4)).toBe(cart);
  });

  it("caps managed inventory at stock", () => {
    expect(updateQuantity(cart, "v", 50).items[0]?.quantity).toBe(5);
  });

  it("uses the sale price for the total", () => {
    expect(totalCents(cart)).toBe(160);
  });
});

describe("parseSavedCart", () => {
  it("reads any string without throwing, and anything unusable as an empty cart", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant("null")), (raw) => {
        const reading = parseSavedCart(raw);
        expect(Array.isArray(reading.cart.items)).toBe(true);
        if (reading.problem) expect(reading.cart.items).toHaveLength(0);
      }),
      { numRuns: SAVED_CART_FUZZ_RUNS },
    );
  });

  it("reports a corrupt value", () => {
    expect(parseSavedCart("{not json").problem).toMatch(/not JSON/);
    expect(parseSavedCart('{"version":2,"items":[]}').problem).toMatch(/wrong shape/);
    expect(parseSavedCart(null)).toEqual({ cart: EMPTY_CART });
  });
});
