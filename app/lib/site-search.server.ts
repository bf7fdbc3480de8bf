/** The site search (rule 3.8): articles, issues while the newsletter is on, products while the store is open; best first. */
import type { ArticleCardData } from "../../content/article-schema";
import { type Product, products } from "../../content/products";
import { listSearchableArticles, toArticleCard } from "./articles.server";
import { type NewsletterIssueSummary, listSearchableIssues } from "./newsletters.server";
import { type SearchableText, foldSearchText, readSearchBody, scoreSearchMatch, splitSearchTerms } from "./site-search";

/** What `/search` shows for one query. */
export interface SiteSearchResults {
  articles: ArticleCardData[];
  issues: NewsletterIssueSummary[];
  products: Product[];
}

/** Keeps the items that match `terms`, best score first; equal scores keep the input order (newest first). */
function rank<T>(items: ReadonlyArray<{ item: T; text: SearchableText }>, terms: readonly string[]): T[] {
  return items
    .map(({ item, text }) => ({ item, score: scoreSearchMatch(text, terms) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .map(({ item }) => item);
}

let productTexts: Array<{ item: Product; text: SearchableText }> | undefined;

/** Which lists beside the articles a visitor may see: those whose pages are open under the current flags. */
export interface SiteSearchScope {
  issues: boolean;
  products: boolean;
}

/** Searches what a visitor may see at `nowMs` (ms since the epoch) for `query`; a blank query finds nothing. */
export function searchSite(query: string, scope: SiteSearchScope, nowMs: number): SiteSearchResults {
  const terms = splitSearchTerms(query);
  if (terms.length === 0) return { articles: [], issues: [], products: [] };
  const articles = rank(listSearchableArticles(nowMs), terms).map(toArticleCard);
  const issues = scope.issues ? rank(listSearchableIssues(nowMs), terms) : [];
  productTexts ??= products.map((product) => ({
    item: product,
    text: {
      title: foldSearchText(product.title),
      summary: foldSearchText(product.subtitle),
      body: readSearchBody(product.description),
    },
  }));
  return { articles, issues, products: scope.products ? rank(productTexts, terms) : [] };
}
