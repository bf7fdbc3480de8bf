/** Product JSON-LD (rule 3.6); shipping and returns come from `SHIPPING`, so it never promises more than `/shipping`. */
import * as v from "valibot";
import type { Product } from "../../content/products";
import { SALES_COUNTRY, SHIPPING, SITE_NAME } from "../../content/site";
import { readAvailableStock } from "../../core/cart";
import { formatAmount, readUnitPrice } from "../../core/prices";

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

function buildDayRange(min: number, max: number) {
  return { "@type": "QuantitativeValue", minValue: min, maxValue: max, unitCode: "DAY" };
}

/**
 * Shipping of a physical item to `SALES_COUNTRY`, in its delivery time `SHIPPING.usDelivery`; no `shippingRate`, as
 * the cost is set at checkout.
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
