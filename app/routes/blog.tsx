/**
 * `/blog` (rule 3.3): every article with a search box and category filter
 * buttons (All plus each category). Filters live in the URL (`?q=`,
 * `?category=`), so a search can be shared and survives reload; clicking the
 * active category clears it. Works without JavaScript (a GET form and links);
 * with it, results follow the typing through the loader (rule 3.3).
 *
 * Typing stays instant: the box is the visitor's own text and is never
 * rewritten from the URL while they type; the URL (and so the loader fetch)
 * follows `SEARCH_DEBOUNCE_MS` after the last keystroke, or at once on Enter,
 * and a newer search supersedes the one in flight. The box follows the URL
 * only after a navigation that did not come from it (Clear Filters, a tag
 * link, back and forward).
 */
import { clsx } from "clsx";
import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { categories } from "../../content/categories";
import { ArticleGrid } from "../components/article-card";
import { NewsletterPrompt } from "../components/newsletter-prompt";
import { PageIntro } from "../components/page-intro";
import { parseBlogFilters, searchArticles } from "../lib/article-search";
import { MAX_QUERY_LENGTH } from "../lib/blog-limits";
import { listArticleSummaries, toArticleCard } from "../lib/articles.server";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/blog";
import { useFrameData } from "../lib/frame-data";

/**
 * Filters on the server: `?q=` and `?category=` are validated with
 * `BlogSearchParamsSchema`, and the matching articles come back newest first.
 * The browser thus carries no search code; typing refetches this small list,
 * which holds only what the cards draw.
 */
export function loader({ request }: Route.LoaderArgs) {
  const filters = parseBlogFilters(new URL(request.url).searchParams);
  return { filters, results: searchArticles(listArticleSummaries(), filters).map(toArticleCard) };
}

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Blog",
    description: "Articles on personal finance, investing, trading, crypto, AI and productivity from the VPF team.",
    path: "/blog",
  });

/** Quiet time after the last keystroke before the search reaches the URL and the loader, in ms. */
export const SEARCH_DEBOUNCE_MS = 200;

/** History state marking a navigation made by the search box itself. */
const FROM_SEARCH_BOX = { fromSearchBox: true } as const;

function isFromSearchBox(state: unknown): boolean {
  return typeof state === "object" && state !== null && "fromSearchBox" in state;
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
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, results } = loaderData;
  const urlText = (searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  const fromSearchBox = isFromSearchBox(location.state);

  // The box shows what the visitor types. It follows the URL only when a navigation did not come from the box.
  const [query, setQuery] = useState(urlText);
  const [lastLocationKey, setLastLocationKey] = useState(location.key);
  if (lastLocationKey !== location.key) {
    setLastLocationKey(location.key);
    if (!fromSearchBox) setQuery(urlText);
  }

  // A search still waiting for its quiet time; dropped as soon as another navigation starts (a link, back).
  const pendingSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const navigation = useNavigation();
  const otherNavigationStarted = navigation.location !== undefined && !isFromSearchBox(navigation.location.state);
  useEffect(() => {
    if (otherNavigationStarted) clearTimeout(pendingSearch.current);
  }, [otherNavigationStarted]);
  useEffect(() => () => clearTimeout(pendingSearch.current), []);

  function pushQuery(value: string) {
    clearTimeout(pendingSearch.current);
    pendingSearch.current = undefined;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value.trim()) next.set("q", value);
        else next.delete("q");
        return next;
      },
      { replace: true, preventScrollReset: true, state: FROM_SEARCH_BOX },
    );
  }

  function updateQuery(value: string) {
    setQuery(value);
    clearTimeout(pendingSearch.current);
    pendingSearch.current = setTimeout(() => pushQuery(value), SEARCH_DEBOUNCE_MS);
  }

  return (
    <>
      <PageIntro eyebrow="Articles" title="Blog">
        <p>Practical guides on money, markets and productivity. New articles two to three times a week.</p>
      </PageIntro>

      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <form
          method="get"
          action="/blog"
          role="search"
          className="relative max-w-xl"
          onSubmit={(event) => {
            event.preventDefault();
            pushQuery(query);
          }}
        >
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-500"
          />
          <input
            id="blog-search"
            type="search"
            name="q"
            value={query}
            maxLength={MAX_QUERY_LENGTH}
            onChange={(event) => updateQuery(event.target.value)}
            placeholder="Search articles, topics or tags"
            autoComplete="off"
            className="w-full rounded-full border border-slate-300 bg-white py-3 pr-4 pl-12 text-base placeholder:text-slate-500 focus:border-brand-600 dark:border-slate-700 dark:bg-slate-900"
          />
          {filters.category && <input type="hidden" name="category" value={filters.category} />}
          {/* Enter searches too; the button gives the form an explicit submit for assistive technology, shown when focused. */}
          <button
            type="submit"
            className="sr-only rounded-full bg-brand-700 text-sm font-semibold text-white focus:not-sr-only focus:absolute focus:top-1/2 focus:right-2 focus:-translate-y-1/2 focus:px-4 focus:py-1.5 dark:bg-brand-400 dark:text-slate-950"
          >
            Search
          </button>
        </form>

        <nav aria-label="Filter by category" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            <li>
              <FilterLink to={blogHref(query, null)} active={filters.category === null}>
                All
              </FilterLink>
            </li>
            {categories.map((category) => {
              const active = filters.category === category.slug;
              return (
                <li key={category.slug}>
                  <FilterLink to={blogHref(query, active ? null : category.slug)} active={active}>
                    {category.title}
                  </FilterLink>
                </li>
              );
            })}
          </ul>
        </nav>

        <p role="status" className="mt-6 text-sm text-slate-600 dark:text-slate-400">
          {results.length === 1 ? "1 article" : `${results.length} articles`}
        </p>

        <div className="mt-4">
          {results.length > 0 ? (
            <ArticleGrid articles={results} />
          ) : (
            <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
              <h2 className="text-xl font-semibold">No articles found</h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">
                Try another word, or look through every article.
              </p>
              <Link
                to="/blog"
                preventScrollReset
                className="mt-6 inline-block rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 dark:bg-brand-400 dark:text-slate-950"
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
      </div>
    </>
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
