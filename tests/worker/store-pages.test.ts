/**
 * The store's pages as the worker sends them (rules 4.1, 4.7, 4.9, 3.6), over the tests' own products beside the
 * owner's: every product listed with its price, sale price and ribbon; an unknown product; a product page's
 * description, Product data and delivery line; and the variant its address asks for, chosen before any script runs.
 */
import { describe, expect, it } from "vitest";
import { SALES_COUNTRY, SHIPPING } from "../../content/site";
import { readChoiceParam, slugifyChoice } from "../../core/product-choice";
import {
  DOWNLOAD,
  ON_SALE,
  ON_SALE_VARIANT,
  SIZED,
  SIZE_A,
  SIZE_C,
  formatDollars,
  readUnitPrice,
} from "../support/catalogue";
import { PRODUCT_PLACEHOLDER_IMAGE, products } from "../support/test-catalogue";
import { listElements, readPage } from "./helpers";

/** The page's JSON-LD blocks, parsed (a block that is not JSON fails the test). */
async function readJsonLd(html: string): Promise<Array<Record<string, unknown>>> {
  const blocks = await listElements(html, 'script[type="application/ld+json"]');
  return blocks.map((block) => JSON.parse(block.text) as Record<string, unknown>);
}

describe("/store", () => {
  it("lists every product with its photo, the sale's price beside the struck-out one, and its ribbon", async () => {
    const html = await readPage("/store");
    const cards = await listElements(html, "main article");
    expect(cards).toHaveLength(products.length);
    const onSale = cards.find((card) => card.text.includes(ON_SALE.title))!;
    expect(onSale.text).toContain(formatDollars(readUnitPrice(ON_SALE_VARIANT)));
    const struck = await listElements(html, "main article del");
    expect(struck.map((price) => price.text)).toContain(formatDollars(ON_SALE_VARIANT.price_in_cents));
    expect(onSale.text).toContain(formatDollars(ON_SALE_VARIANT.price_in_cents));
    if (ON_SALE.ribbon_text) expect(onSale.text).toContain(ON_SALE.ribbon_text);
    // One title and one photo a card, in the cards' order.
    // The cards of one page share one heading level.
    const headings = [
      ...(await listElements(html, "main article h2")),
      ...(await listElements(html, "main article h3")),
    ];
    const titles = headings.map((heading) => heading.text);
    const photos = (await listElements(html, "main article img")).map((image) => image.attributes.src);
    expect(titles).toHaveLength(cards.length);
    expect(photos).toHaveLength(cards.length);
    titles.forEach((title, at) => {
      const product = products.find((candidate) => candidate.title === title);
      expect(product, title).toBeDefined();
      expect(photos[at], title).toBe(product!.image ?? PRODUCT_PLACEHOLDER_IMAGE);
    });
  });
});

describe("a product page", () => {
  it("of an unknown product is 'Product Not Found' with status 404 and a way back to the store", async () => {
    const html = await readPage("/product/no-such-thing", 404);
    expect((await listElements(html, "h1")).map((h1) => h1.text)).toEqual(["Product Not Found"]);
    expect((await listElements(html, "main"))[0]!.text).toContain(
      "The product you're looking for doesn't exist or may have been removed.",
    );
    const back = (await listElements(html, "main a")).find((link) => link.text === "Back to Store");
    expect(back?.attributes.href).toBe("/store");
  });

  it("describes itself in 160 characters at most, with Product data offering the sale price", async () => {
    const html = await readPage(`/product/${ON_SALE.id}`);
    const [description] = await listElements(html, 'meta[name="description"]');
    expect(description!.attributes.content!.length).toBeLessThanOrEqual(160);
    const [product] = await readJsonLd(html);
    expect(product!["@type"]).toBe("Product");
    expect(product!.offers).toEqual([
      expect.objectContaining({
        price: (readUnitPrice(ON_SALE_VARIANT) / 100).toFixed(2),
        priceCurrency: ON_SALE_VARIANT.currency.code,
        availability: "https://schema.org/InStock",
      }),
    ]);
  });

  it("offers a shipped product with its returns and delivery times, a download with no returns and no shipping", async () => {
    const [shipped] = await readJsonLd(await readPage(`/product/${SIZED.id}`));
    const shippedOffers = shipped!.offers as Array<Record<string, unknown>>;
    expect(shippedOffers).toHaveLength(SIZED.variants.length);
    const [fastest, slowest] = SHIPPING.usDelivery.match(/\d+/g)!.map(Number);
    for (const offer of shippedOffers) {
      expect(offer).toMatchObject({
        itemCondition: "https://schema.org/NewCondition",
        hasMerchantReturnPolicy: { merchantReturnDays: SHIPPING.returnDays, applicableCountry: SALES_COUNTRY },
        shippingDetails: {
          shippingDestination: { addressCountry: SALES_COUNTRY },
          deliveryTime: {
            handlingTime: { maxValue: SHIPPING.dispatchWorkingDays },
            transitTime: { minValue: fastest, maxValue: slowest },
          },
        },
      });
      expect(offer.shippingDetails).not.toHaveProperty("shippingRate");
    }
    const [download] = await readJsonLd(await readPage(`/product/${DOWNLOAD.id}`));
    const [downloadOffer] = download!.offers as Array<Record<string, unknown>>;
    expect(downloadOffer).toMatchObject({
      itemCondition: "https://schema.org/NewCondition",
      hasMerchantReturnPolicy: { returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted" },
    });
    expect(downloadOffer).not.toHaveProperty("shippingDetails");
  });

  it("says when a shipped product leaves and that a digital one downloads, linking to Shipping & Returns", async () => {
    const cases: Array<[string, string]> = [
      [SIZED.id, `Ships within ${SHIPPING.dispatchWorkingDays} working days.`],
      [DOWNLOAD.id, "Instant download."],
    ];
    for (const [id, line] of cases) {
      const html = await readPage(`/product/${id}`);
      const [note] = await listElements(html, '[data-testid="delivery-note"]');
      expect(note!.text, id).toContain(line);
      const links = await listElements(html, '[data-testid="delivery-note"] a');
      expect(links.map((link) => [link.text, link.attributes.href])).toEqual([["Shipping & Returns", "/shipping"]]);
    }
  });
});

describe("the variant in a product page's address", () => {
  const path = `/product/${SIZED.id}`;
  const param = readChoiceParam(SIZED);

  /** The values of the page's checked choices, what its status lines say, and its canonical address. */
  async function readChoice(address: string): Promise<{ checked: string[]; notice: string; canonical: string }> {
    const html = await readPage(address);
    const checked = await listElements(html, 'main input[type="radio"][checked]');
    const notices = await listElements(html, 'main [role="status"]');
    const [canonical] = await listElements(html, 'link[rel="canonical"]');
    return {
      checked: checked.map((input) => input.attributes.value!),
      notice: notices.map((notice) => notice.text).join(" "),
      canonical: canonical!.attributes.href!,
    };
  }

  it("opens the page with that size chosen, its canonical address the bare path", async () => {
    const choice = await readChoice(`${path}?${param}=${slugifyChoice(SIZE_C.title)}`);
    expect(choice.checked).toEqual([slugifyChoice(SIZE_C.title)]);
    expect(choice.notice).not.toContain("is not available");
    expect(new URL(choice.canonical).pathname).toBe(path);
  });

  it("is read in any case, as the size's button writes it", async () => {
    const choice = await readChoice(`${path}?${param}=${encodeURIComponent(SIZE_C.title.toUpperCase())}`);
    expect(choice.checked).toEqual([slugifyChoice(SIZE_C.title)]);
    expect(choice.notice).not.toContain("is not available");
  });

  it("when unknown or malformed, opens the first size and says so", async () => {
    for (const value of ["no-such-size", "%3Cb%3E", "L%20L"]) {
      const choice = await readChoice(`${path}?${param}=${value}`);
      expect(choice.checked, value).toEqual([slugifyChoice(SIZE_A.title)]);
      expect(choice.notice, value).toContain("is not available");
      expect(choice.notice, value).toContain(`showing ${SIZE_A.title}.`);
    }
  });
});
