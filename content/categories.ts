/** The nine article categories (rule 3.2): plain data, so the browser loads no validator; checked at build start. */
import type { Category } from "./category-schema";

export type { Category } from "./category-schema";

/** All nine categories, in the order of rule 3.2. */
export const categories: readonly Category[] = [
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
];

/** Slugs of the four categories in the footer (rule 2.7). */
export const FOOTER_CATEGORY_SLUGS = ["trading", "crypto", "personal-finance", "enterprising"] as const;

/** Finds a category by slug, or `undefined`. */
export function findCategory(slug: string): Category | undefined {
  return categories.find((category) => category.slug === slug);
}
