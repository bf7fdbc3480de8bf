/**
 * A grid of category cards (icon, title, description), each linking to its
 * category page. Used by /categories (all nine) and /about (the focus pillars).
 */
import { Link } from "react-router";
import type { Category } from "../../content/categories";
import { CategoryIcon } from "./category-icon";

/** The grid; `headingLevel` keeps the page outline right. */
export function CategoryGrid({ categories, headingLevel }: { categories: readonly Category[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {categories.map((category) => (
        <li key={category.slug}>
          <Link
            to={category.href}
            prefetch="intent"
            className="block h-full rounded-2xl border border-slate-200 p-6 transition-colors hover:border-brand-500 dark:border-slate-800"
          >
            <CategoryIcon icon={category.icon} className="size-8 text-brand-700 dark:text-brand-400" />
            <Heading className="mt-4 text-xl font-semibold">{category.title}</Heading>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{category.description}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
