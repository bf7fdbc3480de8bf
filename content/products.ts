/** The catalogue (rule 4.1) in the commerce API's snake_case; a size names no image, so the photo stays (rule 4.9). */
import type { Currency, Product, Variant } from "./product-schema";

export type { Currency, Product, Variant } from "./product-schema";

/** Image shown for a product without one (rule 4.10): an SVG served as it is. */
export const PRODUCT_PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** The store's currency, as the commerce API describes it: `template` writes an amount, `$1` its units. */
const CURRENCY: Currency = { code: "USD", symbol: "$", template: "$$1" };

function variant(fields: Omit<Variant, "price_in_cents_formatted" | "sale_price_in_cents_formatted" | "currency">) {
  const format = (value: number) => (CURRENCY.template ?? "$1").replace("$1", (value / 100).toFixed(2));
  return {
    ...fields,
    price_in_cents_formatted: format(fields.price_in_cents),
    sale_price_in_cents_formatted: fields.sale_price_in_cents === null ? null : format(fields.sale_price_in_cents),
    currency: CURRENCY,
  };
}

/** Every product in the store, in display order. */
export const products: readonly Product[] = [
  {
    id: "vpf-tee",
    title: "VPF Classic T-Shirt",
    subtitle: "Soft organic cotton, printed with the Value, Progress, Freedom mark",
    image: "/images/products/tee-front.webp",
    description:
      "<p>A heavyweight organic cotton tee for people who are building something. Relaxed fit, ribbed collar and the VPF mark printed on the chest with water-based inks.</p><ul><li>100% organic cotton, 180 g/m²</li><li>Pre-shrunk, true to size</li><li>Machine wash cold, hang to dry</li></ul>",
    purchasable: true,
    ribbon_text: "Bestseller",
    images: [
      { url: "/images/products/tee-front.webp", order: 1, type: "image" },
      { url: "/images/products/tee-back.webp", order: 2, type: "image" },
      { url: "/images/products/tee-folded.webp", order: 3, type: "image" },
    ],
    options: [
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
    variants: [
      variant({
        id: "vpf-tee-s",
        title: "S",
        image_url: null,
        sku: "VPF-TEE-S",
        price_in_cents: 2500,
        sale_price_in_cents: null,
        inventory_quantity: 30,
        manage_inventory: true,
      }),
      variant({
        id: "vpf-tee-m",
        title: "M",
        image_url: null,
        sku: "VPF-TEE-M",
        price_in_cents: 2500,
        sale_price_in_cents: null,
        inventory_quantity: 40,
        manage_inventory: true,
      }),
      variant({
        id: "vpf-tee-l",
        title: "L",
        image_url: null,
        sku: "VPF-TEE-L",
        price_in_cents: 2500,
        sale_price_in_cents: null,
        inventory_quantity: 30,
        manage_inventory: true,
      }),
    ],
  },
  {
    id: "freedom-planner",
    title: "Freedom Planner",
    subtitle: "A 12-month planner for money goals, habits and weekly reviews",
    image: "/images/products/planner.webp",
    description:
      "<p>Plan the year you want. Monthly money check-ins, a net-worth tracker, habit grids and a weekly review that takes ten minutes.</p><ul><li>Undated: start any month</li><li>A5, lay-flat binding, 240 pages</li><li>Includes the VPF savings-rate worksheet</li></ul>",
    purchasable: true,
    ribbon_text: "Sale",
    images: [{ url: "/images/products/planner.webp", order: 1, type: "image" }],
    options: [],
    variants: [
      variant({
        id: "freedom-planner-default",
        title: "Default",
        image_url: null,
        sku: "VPF-PLANNER",
        price_in_cents: 3500,
        sale_price_in_cents: 2900,
        inventory_quantity: 50,
        manage_inventory: true,
      }),
    ],
  },
  {
    id: "wealth-ebook",
    title: "The Wealth Foundations Ebook",
    subtitle: "A practical guide to budgeting, investing and financial independence",
    image: "/images/products/ebook.webp",
    description:
      "<p>Everything we wish we had known at twenty-five, in one ebook. Build a budget that holds, an emergency fund that works and an investing plan you can stick with.</p><ul><li>PDF and EPUB, 180 pages</li><li>Worksheets and checklists included</li><li>Free updates for life</li></ul>",
    purchasable: true,
    images: [{ url: "/images/products/ebook.webp", order: 1, type: "image" }],
    options: [],
    variants: [
      variant({
        id: "wealth-ebook-digital",
        title: "Digital download",
        image_url: null,
        sku: "VPF-EBOOK",
        price_in_cents: 1999,
        sale_price_in_cents: null,
        inventory_quantity: 9999,
        manage_inventory: false,
      }),
    ],
  },
];

/** Products delivered as a download (no shipping), by product id. */
export const DIGITAL_PRODUCT_IDS: readonly string[] = ["wealth-ebook"];

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
