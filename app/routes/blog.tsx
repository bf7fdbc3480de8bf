/** `/blog` (rule 3.3): works without JavaScript as a GET form and links. */
import { readContentStore } from "../../server/content.server";
import { clsx } from "clsx";
import { Link } from "react-router";
import { throwNotFound } from "../lib/route-guards.server";
import { LIST_PAGE_SIZE, type ListPage, readPageNumber } from "../../core/pagination";
import { ListPager } from "../components/list-pager";
import { categories } from "../../content/categories";
import { ArticleGrid } from "../components/article-card";
import { NewsletterPrompt } from "../components/newsletter-prompt";
import { PageIntro } from "../components/page-intro";
import { SearchForm } from "../components/search-form";
import { buttonClassName } from "../components/ui/button";
import { ContentWidth } from "../components/ui/content-width";
import { parseBlogFilters } from "../lib/article-search";
import { findBlogPage } from "../lib/articles.server";
import { ARTICLE_CADENCE_CLAIM, SITE_NAME } from "../../content/site";
import { buildMeta } from "../lib/meta";
import { useSearchBox } from "../lib/use-search-box";
import type { Route } from "./+types/blog";
import { useFrameData } from "../lib/frame-data";

/**
 * Filters the whole archive on the server (rule 3.3), so the browser carries no search code, and sends one page of
 * cards (rule 3.9).
 * @throws the 404 page for a page past the last.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams;
  const filters = parseBlogFilters(searchParams);
  const results = await findBlogPage(readContentStore(), filters, readPageNumber(searchParams));
  if (!results) throwNotFound();
  return { filters, results };
}

export const meta: Route.MetaFunction = (args) => {
  const { filters, results } = args.loaderData ?? {};
  // Only the unfiltered list's pages are pages of their own; a search or a filter keeps `/blog` as its canonical.
  const unfiltered = filters !== undefined && filters.q === "" && filters.category === null;
  return buildMeta(args, {
    title: "Blog",
    description: `Articles on personal finance, investing, trading, crypto, AI and productivity from the ${SITE_NAME} team.`,
    path: "/blog",
    listPage: unfiltered && results ? { page: results.page, pageCount: results.pageCount } : undefined,
  });
};

/** "31 articles", and which of them this page shows when there are more pages. */
function describeCount({ total, page, pageCount, items }: ListPage<unknown>): string {
  const count = total === 1 ? "1 article" : `${total} articles`;
  if (pageCount <= 1) return count;
  const first = (page - 1) * LIST_PAGE_SIZE + 1;
  return `${count}, ${first}–${first + items.length - 1} shown`;
}

/** `/blog` with the given filters, empty ones left out. */
function blogHref(q: string, category: string | null): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q);
  if (category) params.set("category", category);
  const search = params.toString();
  return search ? `/blog?${search}` : "/blog";
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const nav = useFrameData().nav;
  const { filters, results } = loaderData;
  const { query, type, search } = useSearchBox();
  return (
    <>
      <PageIntro eyebrow="Articles" title="Blog">
        <p>
          Practical guides on money, markets and productivity.
          {ARTICLE_CADENCE_CLAIM && ` New articles ${ARTICLE_CADENCE_CLAIM}.`}
        </p>
      </PageIntro>

      <ContentWidth>
        <SearchForm
          id="blog-search"
          action="/blog"
          label="Search articles"
          placeholder="Search articles, topics or tags"
          query={query}
          onType={type}
          onSearch={search}
        >
          {filters.category && <input type="hidden" name="category" value={filters.category} />}
        </SearchForm>
        <CategoryFilters query={query} active={filters.category} />

        <p role="status" className="mt-6 text-sm text-slate-600 dark:text-slate-400">
          {describeCount(results)}
        </p>
        {filters.q !== "" && (
          <p className="mt-2 text-sm">
            <Link
              to={`/search?${new URLSearchParams({ q: filters.q }).toString()}`}
              className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-400"
            >
              Search the full text of every article for “{filters.q}”
            </Link>
          </p>
        )}

        <div className="mt-4">
          {results.total > 0 ? (
            <>
              <ArticleGrid articles={results.items} />
              <ListPager
                path="/blog"
                page={results.page}
                pageCount={results.pageCount}
                params={{ q: filters.q, category: filters.category }}
              />
            </>
          ) : (
            <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
              <h2 className="text-xl font-semibold">No articles found</h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">
                {query.trim() !== ""
                  ? "Try another word, or look through every article."
                  : "No articles in this category yet."}
              </p>
              <Link
                to="/blog"
                preventScrollReset
                className={clsx(buttonClassName({ size: "md" }), "mt-6 inline-block")}
              >
                Clear Filters
              </Link>
            </div>
          )}
        </div>

        {nav.newsletter && (
          <div className="mt-20">
            <NewsletterPrompt />
          </div>
        )}
      </ContentWidth>
    </>
  );
}

/** 'All' and one link per category; the `active` category's link clears it. `query` is kept in each link. */
function CategoryFilters({ query, active }: { query: string; active: string | null }) {
  return (
    <nav aria-label="Filter by category" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <FilterLink to={blogHref(query, null)} active={active === null}>
            All
          </FilterLink>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <FilterLink
              to={blogHref(query, active === category.slug ? null : category.slug)}
              active={active === category.slug}
            >
              {category.title}
            </FilterLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FilterLink({ to, active, children }: { to: string; active: boolean; children: string }) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-current={active ? "true" : undefined}
      className={clsx(
        "inline-block rounded-full border px-4 py-2 text-sm font-medium transition-colors",
        active
          ? "border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-slate-950"
          : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800",
      )}
    >
      {children}
    </Link>
  );
}
