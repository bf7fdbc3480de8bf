/**
 * `/categories/{slug}` (rule 3.2): the category's articles, newest first, a page at a time (`?page=N`, rule 3.9); an
 * unknown slug or a page past the last is the 404 page.
 */
import { readContentStore } from "../../server/content.server";
import { clsx } from "clsx";
import { Link } from "react-router";
import { findCategory } from "../../content/categories";
import { ArticleGrid } from "../components/article-card";
import { CategoryIcon } from "../components/category-icon";
import { JsonLd, buildBreadcrumbs } from "../components/json-ld";
import { PageIntro } from "../components/page-intro";
import { buttonClassName } from "../components/ui/button";
import { ContentWidth } from "../components/ui/content-width";
import { ListPager } from "../components/list-pager";
import { readPageNumber } from "../../core/pagination";
import { findCategoryPage } from "../lib/articles.server";
import { buildMeta } from "../lib/meta";
import { throwNotFound } from "../lib/route-guards.server";
import type { Route } from "./+types/category";
import { useFrameData } from "../lib/frame-data";

export async function loader({ params, request }: Route.LoaderArgs) {
  const category = findCategory(params.slug);
  if (!category) throwNotFound();
  const articles = await findCategoryPage(
    readContentStore(),
    category.slug,
    readPageNumber(new URL(request.url).searchParams),
  );
  if (!articles) throwNotFound();
  return { category, articles };
}

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: args.loaderData?.category.title,
    description: args.loaderData?.category.description,
    path: args.loaderData?.category.href,
    listPage: args.loaderData && { page: args.loaderData.articles.page, pageCount: args.loaderData.articles.pageCount },
  });

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, articles } = loaderData;
  const origin = useFrameData().origin;
  return (
    <>
      <JsonLd
        data={buildBreadcrumbs(origin, [
          { name: "Home", path: "/" },
          { name: "Categories", path: "/categories" },
          { name: category.title, path: category.href },
        ])}
      />
      <PageIntro eyebrow="Category" title={category.title}>
        <p className="flex items-start gap-3">
          <CategoryIcon icon={category.icon} className="mt-1 size-6 shrink-0 text-brand-700 dark:text-brand-400" />
          <span>{category.description}</span>
        </p>
      </PageIntro>
      <ContentWidth>
        {articles.total > 0 ? (
          <>
            <ArticleGrid articles={articles.items} />
            <ListPager path={category.href} page={articles.page} pageCount={articles.pageCount} />
          </>
        ) : (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
            <h2 className="text-xl font-semibold">No articles yet</h2>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              We are writing for this topic now. In the meantime, there is plenty to read on the blog.
            </p>
            <Link to="/blog" prefetch="intent" className={clsx(buttonClassName({ size: "md" }), "mt-6 inline-block")}>
              Browse the blog
            </Link>
          </div>
        )}
        <p className="mt-10">
          <Link
            to="/categories"
            className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400"
          >
            ← All categories
          </Link>
        </p>
      </ContentWidth>
    </>
  );
}
