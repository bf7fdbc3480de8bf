/** The site search (rule 3.8): articles, issues while the newsletter is on, products while the store is open; best first. */
import type MiniSearch from "minisearch";
import type { ArticleCardData } from "../../content/article-schema";
import { type Product, products } from "../../content/products";
import { searchPublishedArticles } from "./articles.server";
import { type NewsletterIssueSummary, searchPublishedIssues } from "./newsletters.server";
import {
  type SearchDocument,
  type SnippetPart,
  createSearchIndex,
  readPlainText,
  searchDocuments,
} from "../../content/search-engine";

/** What `/search` shows for one query. */
export interface SiteSearchResults {
  articles: Array<ArticleCardData & { snippet: SnippetPart[] }>;
  issues: NewsletterIssueSummary[];
  products: Product[];
}

let productIndex: MiniSearch<SearchDocument> | undefined;

/** Which lists beside the articles a visitor may see: those whose pages are open under the current flags. */
export interface SiteSearchScope {
  issues: boolean;
  products: boolean;
}

/** Searches what a visitor may see at `nowMs` (ms since the epoch) for `query`; a blank query finds nothing. */
export function searchSite(query: string, scope: SiteSearchScope, nowMs: number): SiteSearchResults {
  if (query.trim() === "") return { articles: [], issues: [], products: [] };
  const articles = searchPublishedArticles({ q: query, category: null }, nowMs);
  const issues = scope.issues ? searchPublishedIssues(query, nowMs) : [];
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
  return { articles, issues, products: found };
}
