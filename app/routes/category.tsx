/**
 * `/categories/{slug}` (spec §2) for the nine slugs; any other slug is the
 * 404 page. Lists the category's articles, or 'No articles yet' with a link
 * to the blog (the articles arrive with issue 3).
 */
import { Link } from "react-router";
import { findCategory } from "../../content/categories";
import { PageIntro } from "../components/page-intro";
import { buildMeta } from "../lib/meta";
import { throwNotFound } from "../lib/route-guards.server";
import type { Route } from "./+types/category";

export function loader({ params }: Route.LoaderArgs) {
  const category = findCategory(params.slug);
  if (!category) throwNotFound();
  return { category };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  buildMeta(loaderData?.category.title, loaderData?.category.description, error);

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  return (
    <>
      <PageIntro eyebrow="Category" title={category.title}>
        <p>{category.description}</p>
      </PageIntro>
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <h2 className="text-xl font-semibold">No articles yet</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          We are writing for this topic now.{" "}
          <Link to="/blog" className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-400">
            Read the blog
          </Link>{" "}
          in the meantime.
        </p>
      </div>
    </>
  );
}
