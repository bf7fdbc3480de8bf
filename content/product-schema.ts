/** The shape of the catalogue (rules 4.1, 4.9), checked at build time by `content/build/validate-content.ts`. */
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

/** One purchasable variant (rule 4.1). */
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

/** A product (rule 4.8); `description` is HTML we write ourselves. */
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
    v.strictObject({ id, title: v.string(), values: v.array(v.strictObject({ id, value: v.string() })) }),
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
