import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findVariant, products } from "../content/products";
import {
  UNMANAGED_STOCK,
  buildCartLine,
  buildOverStockMessage,
  countItems,
  describeCartChanges,
  formatLineName,
  joinCartWithCatalogue,
  parseSavedCart,
  totalCents,
} from "./cart";
import { readUnitPrice } from "./prices";

const catalogueVariants = products.flatMap((product) => product.variants.map((variant) => ({ product, variant })));

function savedLine(variantId: string, quantity: number, overrides: Record<string, unknown> = {}) {
  const found = findVariant(variantId)!;
  const line = buildCartLine(found.product, found.variant, 1);
  return { ...line, variant: { ...line.variant, ...overrides }, quantity };
}

describe("joinCartWithCatalogue", () => {
  it("takes prices, titles and stock from the catalogue, whatever was saved", () => {
    const tampered = {
      items: [savedLine("freedom-planner-default", 1, { price_in_cents: 1, sale_price_in_cents: null, title: "Free" })],
    };
    const { cart, changes } = joinCartWithCatalogue(tampered);
    expect(changes).toEqual([]);
    expect(cart.items[0]?.variant.price_in_cents).toBe(3500);
    expect(cart.items[0]?.variant.sale_price_in_cents).toBe(2900);
    expect(cart.items[0]?.variant.title).toBe("Default");
    expect(totalCents(cart)).toBe(2900);
  });

  it("drops a line whose variant no longer exists and says so", () => {
    const saved = { items: [savedLine("vpf-tee-m", 2, { id: "vpf-tee-xxl", title: "XXL" })] };
    const { cart, changes } = joinCartWithCatalogue(saved);
    expect(cart.items).toEqual([]);
    expect(describeCartChanges(changes)).toBe(
      "VPF Classic T-Shirt (XXL) is no longer in the store and was removed from your cart.",
    );
  });

  it("caps a line above stock, and a quantity like 1e308 never reaches the badge or the total", () => {
    const saved = { items: [savedLine("vpf-tee-s", 31), savedLine("wealth-ebook-digital", 1e308)] };
    const { cart, changes } = joinCartWithCatalogue(saved);
    expect(cart.items.map((item) => item.quantity)).toEqual([30, UNMANAGED_STOCK]);
    expect(countItems(cart)).toBe(30 + UNMANAGED_STOCK);
    expect(Number.isSafeInteger(totalCents(cart))).toBe(true);
    expect(describeCartChanges(changes)).toBe(
      "VPF Classic T-Shirt (S): only 30 in stock, so your cart now holds 30. " +
        "The Wealth Foundations Ebook: only 999999 in stock, so your cart now holds 999999.",
    );
  });

  it("returns the same cart when nothing changed", () => {
    const saved = { items: [savedLine("vpf-tee-l", 3)] };
    expect(joinCartWithCatalogue(saved).cart).toBe(saved);
  });

  it("for any saved quantities and prices, gives catalogue prices and quantities within stock", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            index: fc.nat(catalogueVariants.length - 1),
            quantity: fc.oneof(fc.integer({ min: 1, max: 2_000_000 }), fc.constant(1e308)),
            price: fc.nat(100_000),
          }),
          { selector: (line) => line.index, maxLength: catalogueVariants.length },
        ),
        (lines) => {
          const raw = JSON.stringify({
            version: 1,
            items: lines.map((line) =>
              savedLine(catalogueVariants[line.index]!.variant.id, line.quantity, { price_in_cents: line.price }),
            ),
          });
          const { cart } = joinCartWithCatalogue(parseSavedCart(raw).cart);
          for (const item of cart.items) {
            const found = findVariant(item.variant.id)!;
            expect(readUnitPrice(item.variant)).toBe(readUnitPrice(found.variant));
            expect(item.quantity).toBeLessThanOrEqual(
              found.variant.manage_inventory ? found.variant.inventory_quantity : UNMANAGED_STOCK,
            );
          }
          expect(Number.isSafeInteger(totalCents(cart))).toBe(true);
        },
      ),
    );
  });
});

describe("line names", () => {
  it("never show the variant title of a product whose only variant is the default one", () => {
    expect(formatLineName("freedom-planner-default", "Freedom Planner", "Default")).toBe("Freedom Planner");
    expect(formatLineName("wealth-ebook-digital", "The Wealth Foundations Ebook", "Digital download")).toBe(
      "The Wealth Foundations Ebook",
    );
    expect(formatLineName("vpf-tee-m", "VPF Classic T-Shirt", "M")).toBe("VPF Classic T-Shirt (M)");
  });

  it("keep the over-stock message letter for letter, without '(Default)'", () => {
    expect(buildOverStockMessage("vpf-tee-l", "VPF Classic T-Shirt", "L", 30)).toBe(
      "Not enough stock for VPF Classic T-Shirt (L). Only 30 left.",
    );
    expect(buildOverStockMessage("freedom-planner-default", "Freedom Planner", "Default", 50)).toBe(
      "Not enough stock for Freedom Planner. Only 50 left.",
    );
  });
});
