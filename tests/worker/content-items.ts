/**
 * Items of the bundled content for tests that need "an article", "a product" or "an issue", chosen from whatever
 * the build holds so an owner's own content never fails a test.
 */
import articles from "virtual:vpf/articles";
import issues from "virtual:vpf/newsletters";
import { products } from "../../content/products";
import { readAvailableStock } from "../../core/cart";
import { isPublished, readPublishMs } from "../../content/publication";

const published = articles
  .filter((article) => isPublished(article.publishedAt, Date.now()))
  .toSorted((a, b) => readPublishMs(b.publishedAt) - readPublishMs(a.publishedAt));

/** The newest published article, its slug and page. */
export const ARTICLE = published[0]!;
export const ARTICLE_SLUG = ARTICLE.slug;
export const ARTICLE_PATH = `/blog/${ARTICLE_SLUG}`;

/** The first product's id and page. */
export const PRODUCT_ID = products[0]!.id;
export const PRODUCT_PATH = `/product/${PRODUCT_ID}`;

/** A variant with stock to spare, for a cart line. */
export const VARIANT_ID = products
  .flatMap((product) => product.variants)
  .find((variant) => readAvailableStock(variant) > 1)!.id;

/** The oldest sent issue's slug and web view. */
export const ISSUE_SLUG = issues.find((issue) => isPublished(issue.sendAt, Date.now()))!.slug;
export const ISSUE_PATH = `/newsletter/issues/${ISSUE_SLUG}`;
