/**
 * The store catalogue (spec §3 "Product", "Variant", "Sample products"):
 * a T-shirt in S/M/L at 2500 cents (stock 30/40/30), a planner at 3500 cents
 * (stock 50, on sale at 2900) and a digital ebook at 1999 cents whose
 * inventory is not managed. Field names follow the commerce API's contract
 * (snake_case). Validated with `ProductsSchema` when the build loads it.
 */
import * as v from "valibot";

/** A currency as the commerce API describes it; `template` holds `$1` where the amount goes. */
export const CurrencySchema = v.strictObject({
  code: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  symbol: v.optional(v.string()),
  template: v.optional(v.pipe(v.string(), v.includes("$1"))),
});

const cents = v.pipe(v.number(), v.integer(), v.minValue(0));
const id = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "ids are kebab-case"));
const imagePath = v.pipe(v.string(), v.regex(/^\/images\/products\/[a-z0-9-]+\.(?:webp|avif|svg)$/));

/** One purchasable variant (spec §3 "Variant"). */
export const VariantSchema = v.strictObject({
  id,
  title: v.pipe(v.string(), v.nonEmpty()),
  image_url: v.nullable(imagePath),
  sku: v.pipe(v.string(), v.regex(/^[A-Z0-9-]+$/)),
  price_in_cents: cents,
  price_in_cents_formatted: v.string(),
  sale_price_in_cents: v.nullable(cents),
  sale_price_in_cents_formatted: v.nullable(v.string()),
  inventory_quantity: v.pipe(v.number(), v.integer()),
  manage_inventory: v.boolean(),
  currency: CurrencySchema,
});

/** A product (spec §3 "Product"); `description` is HTML we write ourselves. */
export const ProductSchema = v.strictObject({
  id,
  title: v.pipe(v.string(), v.nonEmpty()),
  subtitle: v.string(),
  image: v.nullable(imagePath),
  description: v.pipe(v.string(), v.nonEmpty()),
  purchasable: v.boolean(),
  ribbon_text: v.optional(v.string()),
  images: v.array(
    v.strictObject({ url: imagePath, order: v.pipe(v.number(), v.integer()), type: v.picklist(["image"]) }),
  ),
  options: v.array(
    v.strictObject({
      id,
      title: v.string(),
      values: v.array(v.strictObject({ id, value: v.string() })),
    }),
  ),
  variants: v.pipe(v.array(VariantSchema), v.minLength(1)),
});

/** The catalogue; variant ids are unique across it because checkout names variants only. */
export const ProductsSchema = v.pipe(
  v.array(ProductSchema),
  v.check((list) => new Set(list.map((p) => p.id)).size === list.length, "product ids must be unique"),
  v.check((list) => {
    const ids = list.flatMap((p) => p.variants.map((variant) => variant.id));
    return new Set(ids).size === ids.length;
  }, "variant ids must be unique across the catalogue"),
);

export type Currency = v.InferOutput<typeof CurrencySchema>;
export type Variant = v.InferOutput<typeof VariantSchema>;
export type Product = v.InferOutput<typeof ProductSchema>;

const USD: Currency = { code: "USD", symbol: "$", template: "$$1" };

function variant(fields: Omit<Variant, "price_in_cents_formatted" | "sale_price_in_cents_formatted" | "currency">) {
  const format = (value: number) => `$${(value / 100).toFixed(2)}`;
  return {
    ...fields,
    price_in_cents_formatted: format(fields.price_in_cents),
    sale_price_in_cents_formatted: fields.sale_price_in_cents === null ? null : format(fields.sale_price_in_cents),
    currency: USD,
  };
}

/** Every product in the store, in display order. */
export const products: readonly Product[] = v.parse(ProductsSchema, [
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
      { url: "/images/products/tee-detail.webp", order: 3, type: "image" },
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
        image_url: "/images/products/tee-front.webp",
        sku: "VPF-TEE-S",
        price_in_cents: 2500,
        sale_price_in_cents: null,
        inventory_quantity: 30,
        manage_inventory: true,
      }),
      variant({
        id: "vpf-tee-m",
        title: "M",
        image_url: "/images/products/tee-back.webp",
        sku: "VPF-TEE-M",
        price_in_cents: 2500,
        sale_price_in_cents: null,
        inventory_quantity: 40,
        manage_inventory: true,
      }),
      variant({
        id: "vpf-tee-l",
        title: "L",
        image_url: "/images/products/tee-detail.webp",
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
    image: null,
    description:
      "<p>Everything we wish we had known at twenty-five, in one ebook. Build a budget that holds, an emergency fund that works and an investing plan you can stick with.</p><ul><li>PDF and EPUB, 180 pages</li><li>Worksheets and checklists included</li><li>Free updates for life</li></ul>",
    purchasable: true,
    images: [],
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
]);

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
