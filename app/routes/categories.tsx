/**
 * `/categories` (spec §2): the grid of all nine categories.
 */
import { Link } from "react-router";
import { categories } from "../../content/categories";
import { CategoryIcon } from "../components/category-icon";
import { PageIntro } from "../components/page-intro";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Categories",
    description: "Browse every VPF topic: personal finance, investing, trading, crypto, AI and more.",
    path: "/categories",
  });

export default function Categories() {
  return (
    <>
      <PageIntro eyebrow="Explore" title="Categories">
        <p>Nine topics, one goal: create value, make progress, achieve freedom.</p>
      </PageIntro>
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={category.href}
              prefetch="intent"
              className="block h-full rounded-2xl border border-slate-200 p-6 transition-colors hover:border-brand-500 dark:border-slate-800"
            >
              <CategoryIcon icon={category.icon} className="size-8 text-brand-700 dark:text-brand-400" />
              <h2 className="mt-4 text-xl font-semibold">{category.title}</h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{category.description}</p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
