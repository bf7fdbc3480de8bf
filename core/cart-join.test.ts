import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Product } from "../content/products";
import { buildTestProduct, buildTestVariant } from "../tests/support/product-fixtures";
import {
  UNMANAGED_STOCK,
  type VariantLookup,
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

/** This test's own catalogue: a jacket in three sizes, a notebook on sale, a download with unmanaged stock. */
const CATALOGUE: Product[] = [
  buildTestProduct(
    "field-jacket",
    "Field Jacket",
    [
      buildTestVariant("jacket-s", "S"),
      buildTestVariant("jacket-m", "M", { inventory_quantity: 35 }),
      buildTestVariant("jacket-l", "L"),
    ],
    [{ id: "size", title: "Size", values: ["S", "M", "L"].map((value) => ({ id: `size-${value}`, value })) }],
  ),
  buildTestProduct("pocket-notebook", "Pocket Notebook", [
    buildTestVariant("notebook-default", "Default", { price_in_cents: 1800, sale_price_in_cents: 1200 }),
  ]),
  buildTestProduct("saving-workbook", "The Saving Workbook", [
    buildTestVariant("workbook-pdf", "Digital download", { manage_inventory: false, inventory_quantity: 0 }),
  ]),
];

const lookup: VariantLookup = (variantId) => {
  for (const entry of CATALOGUE) {
    const found = entry.variants.find((candidate) => candidate.id === variantId);
    if (found) return { product: entry, variant: found };
  }
  return undefined;
};

const catalogueVariants = CATALOGUE.flatMap((entry) =>
  entry.variants.map((item) => ({ product: entry, variant: item })),
);

function savedLine(variantId: string, quantity: number, overrides: Record<string, unknown> = {}) {
  const found = lookup(variantId)!;
  const line = buildCartLine(found.product, found.variant, 1);
  return { ...line, variant: { ...line.variant, ...overrides }, quantity };
}

describe("joinCartWithCatalogue", () => {
  it("takes prices, titles and stock from the catalogue, whatever was saved", () => {
    const tampered = {
      items: [savedLine("notebook-default", 1, { price_in_cents: 1, sale_price_in_cents: null, title: "Free" })],
    };
    const { cart, changes } = joinCartWithCatalogue(tampered, lookup);
    expect(changes).toEqual([]);
    expect(cart.items[0]?.variant.price_in_cents).toBe(1800);
    expect(cart.items[0]?.variant.sale_price_in_cents).toBe(1200);
    expect(cart.items[0]?.variant.title).toBe("Default");
    expect(totalCents(cart)).toBe(1200);
  });

  it("drops a line whose variant no longer exists and says so", () => {
    const saved = { items: [savedLine("jacket-m", 2, { id: "jacket-xxl", title: "XXL" })] };
    const { cart, changes } = joinCartWithCatalogue(saved, lookup);
    expect(cart.items).toEqual([]);
    expect(describeCartChanges(changes)).toBe(
      "Field Jacket (XXL) is no longer in the store and was removed from your cart.",
    );
  });

  it("caps a line above stock, and a quantity like 1e308 never reaches the badge or the total", () => {
    const saved = { items: [savedLine("jacket-s", 21), savedLine("workbook-pdf", 1e308)] };
    const { cart, changes } = joinCartWithCatalogue(saved, lookup);
    expect(cart.items.map((item) => item.quantity)).toEqual([20, UNMANAGED_STOCK]);
    expect(countItems(cart)).toBe(20 + UNMANAGED_STOCK);
    expect(Number.isSafeInteger(totalCents(cart))).toBe(true);
    expect(describeCartChanges(changes)).toBe(
      "Field Jacket (S): only 20 in stock, so your cart now holds 20. " +
        "The Saving Workbook: only 999999 in stock, so your cart now holds 999999.",
    );
  });

  it("returns the same cart when nothing changed", () => {
    const saved = { items: [savedLine("jacket-l", 3)] };
    expect(joinCartWithCatalogue(saved, lookup).cart).toBe(saved);
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
          const { cart } = joinCartWithCatalogue(parseSavedCart(raw).cart, lookup);
          for (const item of cart.items) {
            const found = lookup(item.variant.id)!;
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
    expect(formatLineName("notebook-default", "Pocket Notebook", "Default", lookup)).toBe("Pocket Notebook");
    expect(formatLineName("workbook-pdf", "The Saving Workbook", "Digital download", lookup)).toBe(
      "The Saving Workbook",
    );
    expect(formatLineName("jacket-m", "Field Jacket", "M", lookup)).toBe("Field Jacket (M)");
    expect(formatLineName("gone-variant", "Old Scarf", "Blue", lookup)).toBe("Old Scarf (Blue)");
  });

  it("keep the over-stock message letter for letter, without '(Default)'", () => {
    expect(buildOverStockMessage("jacket-l", "Field Jacket", "L", 20, lookup)).toBe(
      "Not enough stock for Field Jacket (L). Only 20 left.",
    );
    expect(buildOverStockMessage("notebook-default", "Pocket Notebook", "Default", 15, lookup)).toBe(
      "Not enough stock for Pocket Notebook. Only 15 left.",
    );
  });
});
