/**
 * The catalogue the tests' build serves: the owner's products (`content/products.ts`) followed by the tests' own
 * (`TEST_PRODUCTS`), each shape the store's tests need whatever the owner sells: a shipped product with a choice of
 * three sizes and three photos, a single product on sale with managed stock, and a download without stock
 * management. `npm test` builds with `VPF_TEST_CATALOGUE=1`, which makes every import of `content/products.ts` in
 * the build (and in the Vitest projects) resolve here (`testCataloguePlugin`); `npm start` and deploys never do.
 * The module exports what `content/products.ts` exports, over the joined list.
 */
import {
  DIGITAL_PRODUCT_IDS as OWNER_DIGITAL_PRODUCT_IDS,
  PRODUCT_PLACEHOLDER_IMAGE,
  type Product,
  type Variant,
  products as ownerProducts,
} from "../../content/products.ts";
import { buildTestProduct, buildTestVariant } from "./product-fixtures.ts";

export type { Currency, Product, Variant } from "../../content/products.ts";
export { PRODUCT_PLACEHOLDER_IMAGE };

/** Where the test products' photos are (SVG drawings), laid out as `content/images/` is. */
export const TEST_IMAGES_DIR = "tests/support/test-catalogue/images";

/** Where their encodings are kept, apart from the owner's, so that neither build prunes the other's. */
export const TEST_ENCODED_DIR = "tests/support/test-catalogue/encoded";

const photo = (name: string, order: number) => ({
  url: `/images/products/${name}.webp`,
  order,
  type: "image" as const,
});

/** The tests' own products, after the owner's in the store; every id starts with `test-`. */
export const TEST_PRODUCTS: readonly Product[] = [
  buildTestProduct(
    "test-hoodie",
    "Test Harbour Hoodie",
    [
      buildTestVariant("test-hoodie-s", "S", { inventory_quantity: 12 }),
      buildTestVariant("test-hoodie-m", "M", { inventory_quantity: 8 }),
      buildTestVariant("test-hoodie-l", "L", { inventory_quantity: 20 }),
    ],
    [
      {
        id: "size",
        title: "Size",
        values: [
          { id: "size-s", value: "S" },
          { id: "size-m", value: "M" },
          { id: "size-l", value: "L" },
        ],
      },
    ],
    {
      subtitle: "A hoodie of the tests' own catalogue",
      image: photo("test-hoodie-front", 1).url,
      images: [photo("test-hoodie-front", 1), photo("test-hoodie-back", 2), photo("test-hoodie-detail", 3)],
      ribbon_text: "New",
      description: "<p>A hoodie the store's tests buy in three sizes.</p><ul><li>Three photos</li></ul>",
    },
  ),
  buildTestProduct(
    "test-notebook",
    "Test Ledger Notebook",
    [
      buildTestVariant("test-notebook-default", "Default", {
        price_in_cents: 3200,
        price_in_cents_formatted: "$32.00",
        sale_price_in_cents: 2400,
        sale_price_in_cents_formatted: "$24.00",
        inventory_quantity: 15,
      }),
    ],
    [],
    {
      subtitle: "A notebook on sale",
      image: photo("test-notebook", 1).url,
      images: [photo("test-notebook", 1)],
      ribbon_text: "Sale",
      description: "<p>A notebook the store's tests buy on sale.</p>",
    },
  ),
  buildTestProduct(
    "test-guide",
    "Test Budget Guide",
    [
      buildTestVariant("test-guide-download", "Digital download", {
        price_in_cents: 1500,
        price_in_cents_formatted: "$15.00",
        inventory_quantity: 9999,
        manage_inventory: false,
      }),
    ],
    [],
    {
      subtitle: "A guide delivered as a download",
      image: photo("test-guide", 1).url,
      images: [photo("test-guide", 1)],
      description: "<p>A guide the store's tests buy as a download.</p>",
    },
  ),
];

/** The owner's products, then the tests' own: what the tests' build sells. */
export const products: readonly Product[] = [...ownerProducts, ...TEST_PRODUCTS];

/** Downloads: the owner's and the tests' guide. */
export const DIGITAL_PRODUCT_IDS: readonly string[] = [...OWNER_DIGITAL_PRODUCT_IDS, "test-guide"];

/** The product with this id, or `undefined`. */
export function findProduct(productId: string): Product | undefined {
  return products.find((product) => product.id === productId);
}

/** The variant with this id and its product, or `undefined`. */
export function findVariant(variantId: string): { product: Product; variant: Variant } | undefined {
  for (const product of products) {
    const found = product.variants.find((candidate) => candidate.id === variantId);
    if (found) return { product, variant: found };
  }
  return undefined;
}
