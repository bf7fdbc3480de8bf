/**
 * JSON-LD for search engines (rule 3.6), following Google's documented
 * properties for articles and merchant listings (schema.org vocabulary).
 * Pure builders: every URL is absolute from the `origin` they are given, and
 * shipping and returns come from the constants `/shipping` states
 * (`SHIPPING` in content/site.ts), so the markup never promises more than
 * the page.
 */
import * as v from "valibot";
import type { ArticleSummary } from "../../content/article-schema";
import type { Product } from "../../content/products";
import { SHIPPING, SITE_NAME } from "../../content/site";
import { readAvailableStock } from "../../core/cart";
import { formatAmount, readUnitPrice } from "../../core/prices";

/** The publisher's logo: its path under `public/` and its size in CSS pixels (the SVG's `width` and `height`). */
export const SITE_LOGO = { path: "/images/brand/logo-light.svg", width: 132, height: 36 } as const;

/** Where the team author is described; an author's `url` points there. */
export const AUTHOR_PAGE_PATH = "/about";

/** The country of sale: prices are in US dollars and the seller is in the United States (rule 2.9). */
export const SALES_COUNTRY = "US";

/**
 * A delivery time as `/shipping` words it, `"3-5 working days"`, read as a
 * range of working days `{ min: 3, max: 5 }`.
 */
export const WorkingDaysSchema = v.pipe(
  v.string(),
  v.regex(/^\d+-\d+ working days$/, "a delivery time reads like '3-5 working days'"),
  v.transform((text) => {
    const [min = 0, max = 0] = text.split(" ")[0]?.split("-").map(Number) ?? [];
    return { min, max };
  }),
  v.check(({ min, max }) => min <= max, "a delivery time's range runs from the shorter to the longer"),
);

/**
 * A `YYYY-MM-DD` day as an ISO 8601 instant at midnight UTC
 * (`2026-05-19T00:00:00Z`): the site shows dates in UTC (rule 3.4), so the
 * zone is UTC here too.
 */
export function toUtcMidnight(day: string): string {
  return `${day}T00:00:00Z`;
}

/** The fields of an article its JSON-LD reads. */
export type ArticleJsonLdInput = Pick<
  ArticleSummary,
  "slug" | "title" | "excerpt" | "image" | "publishedAt" | "updated" | "author" | "tags" | "category" | "wordCount"
>;

/**
 * schema.org `Article` for `/blog/{slug}` (rule 3.6): `datePublished` and
 * `dateModified` at midnight UTC (`dateModified` is `updated`, else the
 * publish date), the author as an organisation whose `url` is `/about`, and
 * the publisher's logo as an `ImageObject` with its size.
 */
export function buildArticleJsonLd(origin: string, article: ArticleJsonLdInput): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.excerpt,
    image: [`${origin}${article.image}`],
    datePublished: toUtcMidnight(article.publishedAt),
    dateModified: toUtcMidnight(article.updated ?? article.publishedAt),
    author: { "@type": "Organization", name: article.author, url: `${origin}${AUTHOR_PAGE_PATH}` },
    publisher: {
      "@type": "Organization",
      name: SITE_NAME,
      url: `${origin}/`,
      logo: {
        "@type": "ImageObject",
        url: `${origin}${SITE_LOGO.path}`,
        width: SITE_LOGO.width,
        height: SITE_LOGO.height,
      },
    },
    mainEntityOfPage: `${origin}/blog/${article.slug}`,
    keywords: article.tags.join(", "),
    articleSection: article.category,
    wordCount: article.wordCount,
  };
}

function buildDayRange(min: number, max: number) {
  return { "@type": "QuantitativeValue", minValue: min, maxValue: max, unitCode: "DAY" };
}

/**
 * The shipping of a physical item to the United States: handling within
 * `SHIPPING.dispatchWorkingDays`, transit `SHIPPING.usDelivery`. No
 * `shippingRate`: the cost is calculated at checkout (`/shipping`), and a
 * rate in the markup would read as a promise. Deliveries "everywhere else"
 * name no country, so they are not marked up.
 *
 * @throws valibot's `ValiError` when `SHIPPING.usDelivery` no longer reads like "3-5 working days".
 */
export function buildShippingDetails() {
  const transit = v.parse(WorkingDaysSchema, SHIPPING.usDelivery);
  return {
    "@type": "OfferShippingDetails",
    shippingDestination: { "@type": "DefinedRegion", addressCountry: SALES_COUNTRY },
    deliveryTime: {
      "@type": "ShippingDeliveryTime",
      handlingTime: buildDayRange(0, SHIPPING.dispatchWorkingDays),
      transitTime: buildDayRange(transit.min, transit.max),
    },
  };
}

/**
 * The return policy `/shipping` states: a physical item goes back by mail
 * within `SHIPPING.returnDays` days, the customer paying the postage unless
 * the item is faulty; a download is not returned (a faulty file is refunded,
 * which is a fault, not a return).
 */
export function buildReturnPolicy(origin: string, digital: boolean) {
  const common = {
    "@type": "MerchantReturnPolicy",
    applicableCountry: SALES_COUNTRY,
    merchantReturnLink: `${origin}/shipping#returns`,
  };
  if (digital) return { ...common, returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted" };
  return {
    ...common,
    returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
    merchantReturnDays: SHIPPING.returnDays,
    returnMethod: "https://schema.org/ReturnByMail",
    returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
    itemDefectReturnFees: "https://schema.org/FreeReturn",
  };
}

/** What a product's JSON-LD reads besides the product. */
export interface ProductJsonLdOptions {
  /** The site's origin, for absolute URLs. */
  origin: string;
  /** The gallery's image paths, in order. */
  images: readonly string[];
  /** Plain-text description (the page's meta description). */
  description: string;
  /** Delivered as a download: no shipping, no return (rule 2.9). */
  digital: boolean;
}

/**
 * schema.org `Product` for `/product/{id}` (rule 3.6) with one `Offer` per
 * variant: the price paid (sale price first, rule 4.1), `InStock` or
 * `OutOfStock`, `NewCondition`, the return policy and, for a physical item,
 * its shipping.
 */
export function buildProductJsonLd(product: Product, options: ProductJsonLdOptions): Record<string, unknown> {
  const { origin, digital } = options;
  const returnPolicy = buildReturnPolicy(origin, digital);
  const shippingDetails = digital ? undefined : buildShippingDetails();
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: options.description,
    image: options.images.map((path) => `${origin}${path}`),
    sku: product.variants[0]?.sku,
    brand: { "@type": "Brand", name: SITE_NAME },
    offers: product.variants.map((variant) => ({
      "@type": "Offer",
      name: variant.title,
      sku: variant.sku,
      price: formatAmount(readUnitPrice(variant)),
      priceCurrency: variant.currency.code,
      availability:
        product.purchasable && readAvailableStock(variant) > 0
          ? "https://schema.org/InStock"
          : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      url: `${origin}/product/${product.id}`,
      hasMerchantReturnPolicy: returnPolicy,
      ...(shippingDetails && { shippingDetails }),
    })),
  };
}
