/**
 * Products of a test's own making, for unit tests that must hold on any owner's catalogue: every field a test does
 * not care about takes a plain default (a managed variant of 20 at $40.00 in US dollars; a purchasable product with
 * no photo).
 */
import type { Product, Variant } from "../../content/products.ts";

/** US dollars as the commerce API describes them. */
export const TEST_USD: Variant["currency"] = { code: "USD", symbol: "$", template: "$$1" };

/** A variant `id` (its SKU the id in capitals), titled `title` unless `fields` says otherwise. */
export function buildTestVariant(id: string, title: string, fields: Partial<Variant> = {}): Variant {
  return {
    id,
    title,
    image_url: null,
    sku: id.toUpperCase(),
    price_in_cents: 4000,
    price_in_cents_formatted: "$40.00",
    sale_price_in_cents: null,
    sale_price_in_cents_formatted: null,
    inventory_quantity: 20,
    manage_inventory: true,
    currency: TEST_USD,
    ...fields,
  };
}

/** A product of `variants`, with `options` (none unless given) and any other field from `fields`. */
export function buildTestProduct(
  id: string,
  title: string,
  variants: Variant[],
  options: Product["options"] = [],
  fields: Partial<Product> = {},
): Product {
  return {
    id,
    title,
    subtitle: "",
    image: null,
    description: "<p>A test product.</p>",
    purchasable: true,
    images: [],
    options,
    variants,
    ...fields,
  };
}
