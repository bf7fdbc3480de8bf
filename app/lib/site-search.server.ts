/** The site search (rule 3.8): articles, issues while the newsletter is on, products while the store is open; best first. */
import type MiniSearch from "minisearch";
import { type Product, products } from "../../content/products";
import { type ArticleSearchCard, searchPublishedArticles } from "./articles.server";
import type { ContentStore } from "../../content/content-store.server";
import type { ListPage } from "../../core/pagination";
import { type NewsletterIssueSummary, searchPublishedIssues } from "./newsletters.server";
import { type SearchDocument, createSearchIndex, readPlainText, searchDocuments } from "../../content/search-engine";

/** What `/search` shows for one query. */
export interface SiteSearchResults {
  /** Page `page` of the matching articles, best first (rule 3.9); `everyWord` is `false` for partial matches. */
  articles: ListPage<ArticleSearchCard> & { everyWord: boolean };
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

/**
 * Searches what a visitor may see at `nowMs` (ms since the epoch) for `query`: page `page` (from 1) of the articles,
 * the best issues and the products (the page shows those two on its first page only, and counts them on every page);
 * a blank query finds nothing. `undefined` past the articles' last page.
 */
export async function searchSite(
  content: ContentStore,
  query: string,
  scope: SiteSearchScope,
  nowMs: number,
  page = 1,
): Promise<SiteSearchResults | undefined> {
  const articles = await searchPublishedArticles(content, query, page, nowMs);
  if (!articles) return undefined;
  if (query.trim() === "") return { articles, issues: [], issueCount: 0, products: [] };
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
  const found = scope.products
    ? searchDocuments(productIndex, query, () => true).hits.map(({ id }) => byId.get(id)!)
    : [];
  return {
    articles,
    issues: issues.slice(0, ISSUE_RESULT_COUNT),
    issueCount: issues.length,
    products: found,
  };
}
