/** The site search (rule 3.8): articles, issues while the newsletter is on, products while the store is open; best first. */
import type MiniSearch from "minisearch";
import { type Product, products } from "../../content/products";
import { type ArticleSearchCard, searchPublishedArticles } from "./articles.server";
import type { ContentStore } from "../../content/content-store.server";
import { type NewsletterIssueSummary, searchPublishedIssues } from "./newsletters.server";
import { type SearchDocument, createSearchIndex, readPlainText, searchDocuments } from "../../content/search-engine";

/** What `/search` shows for one query. */
export interface SiteSearchResults {
  /** The best `LIST_PAGE_SIZE` articles; `/blog?q=` pages through the rest. */
  articles: ArticleSearchCard[];
  /** How many articles match in all. */
  articleCount: number;
  /** The best `ISSUE_RESULT_COUNT` issues. */
  issues: NewsletterIssueSummary[];
  /** How many issues match in all. */
  issueCount: number;
  products: Product[];
}

let productIndex: MiniSearch<SearchDocument> | undefined;

/** Which lists beside the articles a visitor may see: those whose pages are open under the current flags. */
export interface SiteSearchScope {
  issues: boolean;
  products: boolean;
}

/** How many newsletter issues `/search` shows at most, the best first (rule 3.8). */
export const ISSUE_RESULT_COUNT = 10;

/** Searches what a visitor may see at `nowMs` (ms since the epoch) for `query`; a blank query finds nothing. */
export async function searchSite(
  content: ContentStore,
  query: string,
  scope: SiteSearchScope,
  nowMs: number,
): Promise<SiteSearchResults> {
  if (query.trim() === "") return { articles: [], articleCount: 0, issues: [], issueCount: 0, products: [] };
  const firstPage = await searchPublishedArticles(content, { q: query, category: null }, 1, nowMs);
  const issues = scope.issues ? await searchPublishedIssues(content, query, nowMs) : [];
  productIndex ??= createSearchIndex(
    products.map((product) => ({
      id: product.id,
      title: product.title,
      summary: product.subtitle,
      body: readPlainText(product.description),
    })),
  );
  const byId = new Map(products.map((product) => [product.id, product]));
  const found = scope.products ? searchDocuments(productIndex, query, () => true).map(({ id }) => byId.get(id)!) : [];
  return {
    articles: firstPage?.items ?? [],
    articleCount: firstPage?.total ?? 0,
    issues: issues.slice(0, ISSUE_RESULT_COUNT),
    issueCount: issues.length,
    products: found,
  };
}
