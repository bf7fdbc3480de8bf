/**
 * JSON-LD for search engines (rule 3.6). Shipping and returns come from the constants `/shipping`
 * states (`SHIPPING`), so the markup never promises more than the page.
 */
import * as v from "valibot";
import type { ArticleSummary } from "../../content/article-schema";
import type { Product } from "../../content/products";
import { SHIPPING, SITE_NAME } from "../../content/site";
import { readAvailableStock } from "../../core/cart";
import { formatAmount, readUnitPrice } from "../../core/prices";

/** The publisher's logo: its path under `public/` and its size in px (the SVG's `width` and `height`). */
export const SITE_LOGO = { path: "/images/brand/logo-light.svg", width: 132, height: 36 } as const;

/** Where the team author is described; an author's `url` points there. */
export const AUTHOR_PAGE_PATH = "/about";

/** The country of sale (rule 2.9). */
export const SALES_COUNTRY = "US";

/** Reads `"3-5 working days"` as `{ min: 3, max: 5 }`. */
export const WorkingDaysSchema = v.pipe(
  v.string(),
  v.regex(/^\d+-\d+ working days$/, "a delivery time reads like '3-5 working days'"),
  v.transform((text) => {
    const [min = 0, max = 0] = text.split(" ")[0]?.split("-").map(Number) ?? [];
    return { min, max };
  }),
  v.check(({ min, max }) => min <= max, "a delivery time's range runs from the shorter to the longer"),
);

/** A `YYYY-MM-DD` day as midnight UTC (`2026-05-19T00:00:00Z`), as dates are shown in UTC (rule 3.4). */
export function toUtcMidnight(day: string): string {
  return `${day}T00:00:00Z`;
}

/** The fields of an article its JSON-LD reads. */
export type ArticleJsonLdInput = Pick<
  ArticleSummary,
  "slug" | "title" | "excerpt" | "image" | "publishedAt" | "updated" | "author" | "tags" | "category" | "wordCount"
>;

/** schema.org `Article` for `/blog/{slug}` (rule 3.6). */
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
 * Shipping of a physical item to the US; no `shippingRate`, as the cost is set at checkout.
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

/** The return policy `/shipping` states; a download has none (a faulty file is refunded, not returned). */
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
  origin: string;
  /** The gallery's image paths, in order. */
  images: readonly string[];
  /** Plain text: the page's meta description. */
  description: string;
  /** Delivered as a download: no shipping, no return (rule 2.9). */
  digital: boolean;
}

/** schema.org `Product` for `/product/{id}` with one `Offer` per variant (rules 3.6, 4.1). */
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
