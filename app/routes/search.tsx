/**
 * `/search?q=` (rule 3.8): the site search, rendered on the server so it works without JavaScript; once hydrated,
 * the results follow the box as the visitor types.
 */
import { readContentStore } from "../../server/content.server";
import { Link } from "react-router";
import { getEdgeContext } from "../../core/edge-context";
import { readPageNumber } from "../../core/pagination";
import { ListPager } from "../components/list-pager";
import { throwNotFound } from "../lib/route-guards.server";
import { isPathOpen } from "../../core/page-registry";
import { ArticleGrid } from "../components/article-card";
import { PageIntro } from "../components/page-intro";
import { ProductCard } from "../components/product-card";
import { SearchForm } from "../components/search-form";
import { ContentWidth } from "../components/ui/content-width";
import { formatLongDate } from "../lib/dates";
import { SITE_NAME } from "../../content/site";
import { buildMeta } from "../lib/meta";
import { parseSiteQuery } from "../lib/site-search";
import { searchSite } from "../lib/site-search.server";
import { findTag, listPopularTags } from "../lib/articles.server";
import type { ContentStore } from "../../content/content-store.server";
import { buildTagHref, slugifyTag } from "../../content/tags";
import { useSearchShortcut } from "../lib/use-search-shortcut";
import { categories } from "../../content/categories";
import { useSearchBox } from "../lib/use-search-box";
import type { Route } from "./+types/search";

/** @throws the 404 page for a page of articles past the last (rule 3.9). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams;
  const query = parseSiteQuery(searchParams);
  const { flags } = getEdgeContext(context);
  const content = readContentStore();
  const scope = { issues: isPathOpen("/newsletter/issues", flags), products: isPathOpen("/store", flags) };
  const nowMs = Date.now();
  const results = await searchSite(content, query, scope, nowMs, readPageNumber(searchParams));
  if (!results) throwNotFound();
  const found = results.articles.total + results.issueCount + results.products.length > 0;
  const named = query === "" ? null : await findNamedList(content, query, nowMs);
  // A search that found nothing offers ways on: every category and the most-used tags.
  const suggestions =
    query === "" || found
      ? null
      : {
          categories: categories.map(({ title, href }) => ({ title, href })),
          tags: await listPopularTags(content, undefined, nowMs),
        };
  return { query, ...results, named, suggestions };
}

/**
 * The category or tag a query names (its title or name in any case, or its slug), so the page can offer its list
 * first (rule 3.8); `null` when it names neither.
 */
async function findNamedList(
  content: ContentStore,
  query: string,
  nowMs: number,
): Promise<{ kind: "category" | "tag"; name: string; href: string } | null> {
  const slug = slugifyTag(query);
  const category = categories.find((entry) => entry.slug === slug);
  if (category) return { kind: "category", name: category.title, href: category.href };
  const tag = await findTag(content, slug, 1, nowMs);
  return tag ? { kind: "tag", name: tag.tag.name, href: buildTagHref(tag.tag.name) } : null;
}

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Search",
    description: `Search the ${SITE_NAME} articles, newsletter issues and store.`,
    path: "/search",
    noindex: true,
  });

/** "3 results for “fund”", or what to do when there is no query. */
function describeResults(query: string, count: number): string {
  if (query === "") return "Type a word to search the articles, newsletter issues and store.";
  return count === 1 ? `1 result for “${query}”` : `${count} results for “${query}”`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query: searched, articles, issues, issueCount, products, named, suggestions } = loaderData;
  const { query, type, search } = useSearchBox();
  useSearchShortcut(() => document.getElementById("site-search")?.focus());
  const count = articles.total + issueCount + products.length;
  // Issues and products are few and shown whole on the first page; later pages carry more articles only.
  const firstPage = articles.page === 1;
  return (
    <>
      <PageIntro eyebrow="Search" title="Search the site" />
      <ContentWidth>
        <SearchForm
          id="site-search"
          action="/search"
          label="Search"
          placeholder="Articles, newsletter issues, products"
          query={query}
          onType={type}
          onSearch={search}
        />
        <p role="status" className="mt-6 text-sm text-slate-600 dark:text-slate-400">
          {describeResults(searched, count)}
        </p>

        {searched !== "" && count === 0 && <NothingFound suggestions={suggestions} />}

        {named && firstPage && (
          <p className="mt-6 rounded-xl border border-brand-700/30 bg-brand-50 px-4 py-3 dark:border-brand-400/30 dark:bg-slate-900">
            <Link
              to={named.href}
              className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-400"
            >
              {named.kind === "category" ? `Every article in ${named.name}` : `Every article tagged “${named.name}”`}
            </Link>
          </p>
        )}

        {articles.items.length > 0 && (
          <ResultSection title="Articles">
            {!articles.everyWord && (
              <p className="-mt-2 mb-6 text-slate-600 dark:text-slate-300">
                No article has every word; these have most of them.
              </p>
            )}
            <ArticleGrid articles={articles.items} headingLevel={3} compact />
            <ListPager
              path="/search"
              page={articles.page}
              pageCount={articles.pageCount}
              params={{ q: searched }}
              byRelevance
            />
          </ResultSection>
        )}

        {firstPage && issues.length > 0 && <IssueResults issues={issues} issueCount={issueCount} />}

        {firstPage && products.length > 0 && (
          <ResultSection title="Products">
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} headingLevel={3} />
                </li>
              ))}
            </ul>
          </ResultSection>
        )}
      </ContentWidth>
    </>
  );
}

/** What a search with no result offers instead: the whole blog, the categories and the most-used tags. */
function NothingFound({ suggestions }: { suggestions: Route.ComponentProps["loaderData"]["suggestions"] }) {
  return (
    <div className="mt-4 rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
      <h2 className="text-xl font-semibold">Nothing found</h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Try another word, or{" "}
        <Link to="/blog" className="text-brand-700 underline underline-offset-4 dark:text-brand-400">
          look through every article
        </Link>
        .
      </p>
      {suggestions && (
        <nav aria-label="Ways on" className="mx-auto mt-8 max-w-2xl text-left">
          <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Categories</h3>
          <SuggestionList links={suggestions.categories.map(({ title, href }) => ({ name: title, href }))} />
          <h3 className="mt-6 text-sm font-semibold text-slate-700 dark:text-slate-200">Popular tags</h3>
          <SuggestionList links={suggestions.tags} />
        </nav>
      )}
    </div>
  );
}

function SuggestionList({ links }: { links: Array<{ name: string; href: string }> }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-2">
      {links.map((link) => (
        <li key={link.href}>
          <Link
            to={link.href}
            className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"
          >
            {link.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ResultSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-12">
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** The best issues found, and a link to every issue when more match (rule 3.8). */
function IssueResults({
  issues,
  issueCount,
}: {
  issues: Route.ComponentProps["loaderData"]["issues"];
  issueCount: number;
}) {
  return (
    <ResultSection title="Newsletter issues">
      <ol className="max-w-3xl divide-y divide-slate-200 dark:divide-slate-800">
        {issues.map((issue) => (
          <li key={issue.slug} className="py-5 first:pt-0">
            <h3 className="text-lg font-bold">
              <Link to={`/newsletter/issues/${issue.slug}`} className="hover:underline">
                {issue.title}
              </Link>
            </h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              <time dateTime={issue.sendAt}>{formatLongDate(issue.sendAt)}</time>
            </p>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{issue.preheader}</p>
          </li>
        ))}
      </ol>
      {issueCount > issues.length && (
        <p className="mt-6">
          <Link
            to="/newsletter/issues"
            className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-400"
          >
            {issueCount - issues.length === 1
              ? "1 more issue matches: see every issue"
              : `${issueCount - issues.length} more issues match: see every issue`}
          </Link>
        </p>
      )}
    </ResultSection>
  );
}
