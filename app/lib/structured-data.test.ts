import { readFileSync } from "node:fs";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { SALES_COUNTRY, SHIPPING, SITE_NAME } from "../../content/site";
import { buildTestProduct, buildTestVariant } from "../../tests/support/product-fixtures";
import { type ArticleJsonLdInput, SITE_LOGO, buildArticleJsonLd } from "./article-structured-data";
import { WorkingDaysSchema, buildProductJsonLd, buildReturnPolicy, buildShippingDetails } from "./structured-data";

const ORIGIN = "https://vpf.example";

const ARTICLE: ArticleJsonLdInput = {
  slug: "a-good-article",
  title: "A Good Article About Money",
  excerpt: "What the article is about.",
  image: "/images/articles/a-good-article.webp",
  publishedAt: "2026-05-19",
  author: `${SITE_NAME} Team`,
  tags: ["value", "savings"],
  category: "Value",
  wordCount: 1200,
};

/** This test's own products: a jacket in three sizes, a notebook on sale, and a download. */
const JACKET = buildTestProduct(
  "field-jacket",
  "Field Jacket",
  ["s", "m", "l"].map((size) => buildTestVariant(`jacket-${size}`, size, { price_in_cents: 4500 })),
  [{ id: "size", title: "Size", values: ["s", "m", "l"].map((value) => ({ id: value, value })) }],
);
const NOTEBOOK = buildTestProduct("notebook", "Notebook", [
  buildTestVariant("nb", "Default", { price_in_cents: 1800, sale_price_in_cents: 1250 }),
]);
const WORKBOOK = buildTestProduct("workbook", "Workbook", [
  buildTestVariant("workbook-pdf", "Download", { price_in_cents: 900, manage_inventory: false, inventory_quantity: 0 }),
]);

describe("buildArticleJsonLd", () => {
  it("dates the article at midnight UTC and, without an update, modifies it on its publish day", () => {
    const data = buildArticleJsonLd(ORIGIN, ARTICLE);
    expect(data.datePublished).toBe("2026-05-19T00:00:00Z");
    expect(data.dateModified).toBe("2026-05-19T00:00:00Z");
  });

  it("takes dateModified from `updated`", () => {
    expect(buildArticleJsonLd(ORIGIN, { ...ARTICLE, updated: "2026-06-02" }).dateModified).toBe("2026-06-02T00:00:00Z");
  });

  it("names the author with the about page and the publisher with its logo as an ImageObject", () => {
    const data = buildArticleJsonLd(ORIGIN, ARTICLE);
    expect(data.author).toEqual({ "@type": "Organization", name: ARTICLE.author, url: `${ORIGIN}/about` });
    expect(data.publisher).toEqual({
      "@type": "Organization",
      name: SITE_NAME,
      url: `${ORIGIN}/`,
      logo: { "@type": "ImageObject", url: `${ORIGIN}/images/brand/logo-light.svg`, width: 132, height: 36 },
    });
    expect(data.mainEntityOfPage).toBe(`${ORIGIN}/blog/a-good-article`);
    expect(data.image).toEqual([`${ORIGIN}/images/articles/a-good-article.webp`]);
  });

  it("gives the logo the size the logo file declares", () => {
    const svg = readFileSync(`public${SITE_LOGO.path}`, "utf8");
    expect(svg).toMatch(new RegExp(`<svg[^>]* width="${SITE_LOGO.width}" height="${SITE_LOGO.height}"`));
  });
});

describe("WorkingDaysSchema", () => {
  it("reads the delivery times /shipping states", () => {
    expect(v.parse(WorkingDaysSchema, SHIPPING.usDelivery)).toEqual({ min: 3, max: 5 });
    expect(v.parse(WorkingDaysSchema, SHIPPING.internationalDelivery)).toEqual({ min: 5, max: 10 });
  });

  it.each(["soon", "3 working days", "5-3 working days"])("refuses %j", (text) => {
    expect(v.safeParse(WorkingDaysSchema, text).success).toBe(false);
  });
});

describe("buildShippingDetails", () => {
  it("ships to the sales country with the dispatch and delivery times of /shipping and no rate (calculated at checkout)", () => {
    const details = buildShippingDetails();
    expect(details).toEqual({
      "@type": "OfferShippingDetails",
      shippingDestination: { "@type": "DefinedRegion", addressCountry: SALES_COUNTRY },
      deliveryTime: {
        "@type": "ShippingDeliveryTime",
        handlingTime: { "@type": "QuantitativeValue", minValue: 0, maxValue: 2, unitCode: "DAY" },
        transitTime: { "@type": "QuantitativeValue", minValue: 3, maxValue: 5, unitCode: "DAY" },
      },
    });
    expect(details).not.toHaveProperty("shippingRate");
  });
});

describe("buildReturnPolicy", () => {
  it("lets a physical item go back by mail within the days of /shipping, postage paid by the customer", () => {
    expect(buildReturnPolicy(ORIGIN, false)).toMatchObject({
      "@type": "MerchantReturnPolicy",
      applicableCountry: SALES_COUNTRY,
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: SHIPPING.returnDays,
      returnMethod: "https://schema.org/ReturnByMail",
      returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
      itemDefectReturnFees: "https://schema.org/FreeReturn",
      merchantReturnLink: `${ORIGIN}/shipping#returns`,
    });
  });

  it("takes no download back", () => {
    const policy = buildReturnPolicy(ORIGIN, true);
    expect(policy.returnPolicyCategory).toBe("https://schema.org/MerchantReturnNotPermitted");
    expect(policy).not.toHaveProperty("merchantReturnDays");
  });
});

describe("buildProductJsonLd", () => {
  const options = {
    origin: ORIGIN,
    description: "A tee.",
    digital: false,
    images: ["/images/products/field-jacket.webp"],
  };

  it("gives every offer its price, stock, condition, return policy and shipping", () => {
    const data = buildProductJsonLd(JACKET, options);
    const offers = data.offers as Array<Record<string, unknown>>;
    expect(offers).toHaveLength(3);
    for (const offer of offers) {
      expect(offer).toMatchObject({
        "@type": "Offer",
        price: "45.00",
        priceCurrency: JACKET.variants[0]?.currency.code,
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
        url: `${ORIGIN}/product/field-jacket`,
        hasMerchantReturnPolicy: buildReturnPolicy(ORIGIN, false),
        shippingDetails: buildShippingDetails(),
      });
    }
    expect(data.image).toEqual([`${ORIGIN}/images/products/field-jacket.webp`]);
  });

  it("offers the sale price when there is one", () => {
    const offers = buildProductJsonLd(NOTEBOOK, options).offers as Array<{ price: string }>;
    expect(offers.map((offer) => offer.price)).toEqual(["12.50"]);
  });

  it("ships nothing for a download", () => {
    const data = buildProductJsonLd(WORKBOOK, { ...options, digital: true });
    const [offer] = data.offers as Array<Record<string, unknown>>;
    expect(offer).not.toHaveProperty("shippingDetails");
    expect(offer?.hasMerchantReturnPolicy).toEqual(buildReturnPolicy(ORIGIN, true));
  });
});
