/**
 * Products for tests that need "a product with a choice", "a product on sale" or "a download", chosen by their shape
 * from the tests' own products (`TEST_PRODUCTS`, which the tests' build sells beside the owner's), with the figures
 * a visitor sees computed by the site's own rules: the store's tests hold whatever the owner sells, or does not.
 */
import { DIGITAL_PRODUCT_IDS, type Product, TEST_PRODUCTS, type Variant } from "./test-catalogue.ts";
import { formatLineName, readAvailableStock } from "../../core/cart.ts";

/** `$29.00`: cents as the cart and the store write them (rule 4.2). */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** A variant's unit price in cents: its sale price when it has one (rule 4.1). */
export function readUnitPrice(variant: Variant): number {
  return variant.sale_price_in_cents ?? variant.price_in_cents;
}

/** A cart line's name: the product's title, with the variant's in brackets when the product has a choice. */
export function nameLine(product: Product, variant: Variant): string {
  return formatLineName(variant.id, product.title, variant.title);
}

function pick(what: string, test: (product: Product) => boolean): Product {
  const found = TEST_PRODUCTS.find(test);
  if (!found) throw new Error(`the tests' catalogue has no ${what}; the store tests need one`);
  return found;
}

const managed = (variant: Variant) => variant.manage_inventory && readAvailableStock(variant) >= 5;

/** A shipped product with a choice (one option, three or more values), each variant with managed stock of 5 or more. */
export const SIZED = pick(
  "shipped product with a choice of three or more variants",
  (product) =>
    product.purchasable &&
    !DIGITAL_PRODUCT_IDS.includes(product.id) &&
    product.options.length === 1 &&
    product.variants.length >= 3 &&
    product.variants.every(managed),
);

/** `SIZED`'s first, second and third variants, each with its label as the size buttons show it. */
export const [SIZE_A, SIZE_B, SIZE_C] = SIZED.variants as [Variant, Variant, Variant];

/** A product of one variant with managed stock, on sale (a struck-through regular price). */
export const ON_SALE = pick(
  "single-variant product on sale with managed stock",
  (product) =>
    product.purchasable &&
    product.variants.length === 1 &&
    managed(product.variants[0]!) &&
    product.variants[0]!.sale_price_in_cents !== null,
);

/** `ON_SALE`'s one variant. */
export const ON_SALE_VARIANT = ON_SALE.variants[0]!;

/** A product whose stock is not managed (a download), of one variant. */
export const UNMANAGED = pick(
  "product with unmanaged stock",
  (product) => product.purchasable && product.variants.length === 1 && !product.variants[0]!.manage_inventory,
);

/** `UNMANAGED`'s one variant. */
export const UNMANAGED_VARIANT = UNMANAGED.variants[0]!;

/** A product delivered as a download. */
export const DOWNLOAD = pick("download", (product) => product.purchasable && DIGITAL_PRODUCT_IDS.includes(product.id));
