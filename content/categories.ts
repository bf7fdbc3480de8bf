/**
 * The nine article categories (spec §3 "Category"). `icon` names an icon the
 * site draws; `href` is the category page. Validated at build time by
 * `CategoriesSchema` (a bad entry fails the build naming the field).
 */
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

/** One category as the site uses it. */
export const CategorySchema = v.strictObject({
  title: v.pipe(v.string(), v.nonEmpty()),
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug must be kebab-case")),
  href: v.pipe(v.string(), v.startsWith("/categories/")),
  description: v.pipe(v.string(), v.minLength(20)),
  icon: v.picklist(CATEGORY_ICONS),
});

/** A category. */
export type Category = v.InferOutput<typeof CategorySchema>;

/** The list, in the order the spec gives it. */
export const CategoriesSchema = v.pipe(
  v.array(CategorySchema),
  v.check((list) => new Set(list.map((c) => c.slug)).size === list.length, "category slugs must be unique"),
  v.check((list) => list.every((c) => c.href === `/categories/${c.slug}`), "href must be /categories/{slug}"),
);

/** All nine categories (spec §3). */
export const categories: readonly Category[] = v.parse(CategoriesSchema, [
  {
    title: "Personal Finance",
    slug: "personal-finance",
    href: "/categories/personal-finance",
    description: "Money management, getting out of debt and planning for retirement.",
    icon: "piggy-bank",
  },
  {
    title: "Investing",
    slug: "investing",
    href: "/categories/investing",
    description: "Building long-term wealth with stocks, funds and Bitcoin.",
    icon: "trending-up",
  },
  {
    title: "Trading",
    slug: "trading",
    href: "/categories/trading",
    description: "Trading strategies, chart analysis, fundamentals and the psychology behind them.",
    icon: "candlestick",
  },
  {
    title: "Crypto",
    slug: "crypto",
    href: "/categories/crypto",
    description: "Digital assets, blockchain technology and decentralised finance (DeFi).",
    icon: "bitcoin",
  },
  {
    title: "AI",
    slug: "ai",
    href: "/categories/ai",
    description: "Putting artificial intelligence to work for your finances and your productivity.",
    icon: "brain",
  },
  {
    title: "Enterprising",
    slug: "enterprising",
    href: "/categories/enterprising",
    description: "Taking the initiative and turning ideas into income.",
    icon: "rocket",
  },
  {
    title: "Value",
    slug: "value",
    href: "/categories/value",
    description: "Creating something useful and understanding what is truly worth something.",
    icon: "gem",
  },
  {
    title: "Progress",
    slug: "progress",
    href: "/categories/progress",
    description: "Productivity, discipline and the habits that compound over time.",
    icon: "target",
  },
  {
    title: "Freedom",
    slug: "freedom",
    href: "/categories/freedom",
    description: "The road to financial independence and the choices it opens up.",
    icon: "feather",
  },
]);

/** Slugs of the four categories in the footer (spec §2 "Footer"). */
export const FOOTER_CATEGORY_SLUGS = ["trading", "crypto", "personal-finance", "enterprising"] as const;

/** Finds a category by slug, or `undefined`. */
export function findCategory(slug: string): Category | undefined {
  return categories.find((category) => category.slug === slug);
}
