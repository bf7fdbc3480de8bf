/** The shape of a category (rule 3.2), checked at build time by `content/build/validate-content.ts`. */
import * as v from "valibot";

/** Icon names a category may use; `app/components/category-icon.tsx` draws each. */
export const CATEGORY_ICONS = [
  "piggy-bank",
  "trending-up",
  "candlestick",
  "bitcoin",
  "brain",
  "rocket",
  "gem",
  "target",
  "feather",
] as const;

export const CategorySchema = v.strictObject({
  title: v.pipe(v.string(), v.nonEmpty()),
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug must be kebab-case")),
  href: v.pipe(v.string(), v.startsWith("/categories/")),
  description: v.pipe(v.string(), v.minLength(20)),
  icon: v.picklist(CATEGORY_ICONS),
});

export type Category = v.InferOutput<typeof CategorySchema>;

export const CategoriesSchema = v.pipe(
  v.array(CategorySchema),
  v.check((list) => new Set(list.map((c) => c.slug)).size === list.length, "category slugs must be unique"),
  v.check((list) => list.every((c) => c.href === `/categories/${c.slug}`), "href must be /categories/{slug}"),
);
