/**
 * The visual baseline, light and strict: the first screen (viewport height,
 * not the whole page) of the site's page kinds at 1280 and 390 px wide in
 * the light and the dark theme, plus element shots of the header, the
 * footer, the open cart drawer and the product gallery. Each is compared with
 * the committed image in `visual.spec.ts-snapshots/` allowing at most
 * `MAX_DIFF_PIXELS` pixels to differ (each by more than Playwright's default
 * per-pixel colour threshold), so anti-aliasing passes and a heading moved
 * by 4 px does not.
 *
 * Regenerate on purpose, after looking at the change: `npm run test:visual:update`
 * (builds if needed, deletes the old images and writes new ones).
 *
 * Kept steady: the font is our own self-hosted file, animations and
 * transitions are finished before the shot, the caret is hidden, every image
 * (lazy ones included) has loaded and fonts are ready, and the copyright
 * year is masked. What an owner's writing changes is masked too, so a new
 * article or product never fails the sweep: the cards of a list and the list
 * itself (held at one row of one height, `visual-content.css`) and its count; the cards are shot one by one instead, each first on its page (the
 * oldest article's, found by its title, and the sized product's), as are an article page (the oldest) and a product page,
 * which new content does not move. Shots of an owner's own item (those two, the cart line, the seller's terms, and
 * the pages whose first screen writes the brand, the claims or the send time) are
 * named by a fingerprint of that item, so replacing the item leaves its new shot uncompared (and noted) until the
 * owner has looked at it and updated the baseline, while every other shot is still held.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { LEGAL_IDENTITY } from "../../content/legal-identity";
import { ARTICLE_CADENCE_CLAIM, READER_COUNT_CLAIM, SITE_LONG_NAME, SITE_NAME } from "../../content/site";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule";
import { publishedArticles } from "../e2e/content-data";
import { SIZED, SIZE_B } from "../support/catalogue";
import { expect, gotoHydrated, test } from "../e2e/fixtures";
import { addToCart } from "../e2e/page-helpers";

/** Pixels allowed to differ in one image: anti-aliasing, never a moved line of text. */
export const MAX_DIFF_PIXELS = 60;

/** Eight hex digits naming `value`'s content: a shot of an owner's own item is compared only with a shot of it. */
function fingerprint(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 8);
}

const OLDEST = publishedArticles.at(-1)!;
/** The shot-name part for the oldest article, the sized product and the seller: what an owner replaces. */
const ARTICLE_KEY = `-${fingerprint(OLDEST)}`;
const PRODUCT_KEY = `-${fingerprint(SIZED)}`;
const SELLER_KEY = `-${fingerprint(LEGAL_IDENTITY)}`;
/** The shot-name part for the pages whose first screen writes the owner's brand, claims or send time. */
const FACTS_KEY = `-${fingerprint([SITE_NAME, SITE_LONG_NAME, READER_COUNT_CLAIM, ARTICLE_CADENCE_CLAIM, SEND_TIME_WORDS])}`;

/**
 * One page of each kind (the four legal pages share one layout; /success is a plain confirmation like the 404 page),
 * with the fingerprint of the owner's item it shows, if any.
 */
const PAGES: Array<[name: string, path: string, key?: string]> = [
  ["home", "/"],
  ["blog", "/blog", FACTS_KEY],
  ["article", `/blog/${OLDEST.slug}`, ARTICLE_KEY],
  ["categories", "/categories"],
  ["about", "/about", FACTS_KEY],
  ["terms", "/terms", SELLER_KEY],
  ["contact", "/contact"],
  ["newsletter", "/newsletter", FACTS_KEY],
  ["store", "/store"],
  ["product", `/product/${SIZED.id}`, PRODUCT_KEY],
  ["not-found", "/no-such-page", FACTS_KEY],
  ["please-hold", "/please-hold", FACTS_KEY],
];

const SIZES = [
  { label: "desktop", width: 1280, height: 800 },
  { label: "mobile", width: 390, height: 844 },
] as const;

/** Waits until every image has loaded (lazy ones are made eager first) and the fonts are ready. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = "eager";
    await Promise.all(
      images.map(
        (image) =>
          new Promise<void>((resolve) => {
            if (image.complete) return resolve();
            image.addEventListener("load", () => resolve(), { once: true });
            image.addEventListener("error", () => resolve(), { once: true });
          }),
      ),
    );
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
}

const SHOT = { animations: "disabled", caret: "hide", maxDiffPixels: MAX_DIFF_PIXELS } as const;

/** Holds a list's masked cards to one row of one height in page shots: their length and number move nothing else. */
const CARD_STYLE = fileURLToPath(new URL("visual-content.css", import.meta.url));

/** What an owner's writing changes on a page: the cards of a list and its count (the copyright year too). */
function maskContent(page: Page): Locator[] {
  return [
    page.getByText(/© \d{4} /),
    // The list as a whole: a card below the one row the list is held to is clipped, and a mask of its own would
    // still be painted.
    page.locator("main :is(ul, ol):has(> li > article)"),
    page.locator("main [role=status]:not(:empty)"),
  ];
}

/**
 * Compares `target` with its baseline image `name`. A shot of an owner's own item (`keyed`) that has no baseline yet
 * is noted and left uncompared: the owner looks at it and runs `npm run test:visual:update`.
 */
async function expectShot(target: Page | Locator, name: string, mask: Locator[], keyed = false): Promise<void> {
  const info = test.info();
  const updating = info.config.updateSnapshots === "all" || info.config.updateSnapshots === "changed";
  if (keyed && !updating && !existsSync(info.snapshotPath(name, { kind: "screenshot" }))) {
    info.annotations.push({ type: "no baseline", description: `${name}: new content, not yet in the baseline` });
    return;
  }
  await expect(target).toHaveScreenshot(name, { ...SHOT, mask, ...(mask.length > 0 && { stylePath: CARD_STYLE }) });
}

for (const size of SIZES) {
  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`${size.label} ${colorScheme}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, colorScheme, reducedMotion: "reduce" });

      for (const [name, path, key] of PAGES) {
        test(name, async ({ page }) => {
          await page.goto(path);
          await settle(page);
          await expectShot(page, `${name}${key ?? ""}-${size.label}-${colorScheme}.png`, maskContent(page), !!key);
        });
      }
    });
  }
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`parts, ${colorScheme}`, () => {
    test.use({ viewport: { width: 1280, height: 800 }, colorScheme, reducedMotion: "reduce" });

    test("header and footer", async ({ page }) => {
      await page.goto("/about");
      await settle(page);
      await expectShot(page.locator("header").first(), `header-${colorScheme}.png`, maskContent(page));
      await expectShot(page.locator("footer").first(), `footer-${colorScheme}.png`, maskContent(page));
    });

    test("an article card and a product card", async ({ page }) => {
      const oldest = OLDEST;
      // One column, and the card first on its page: as tall as its own content, at the same place whatever else is
      // published (a card lower down moves by fractions of a pixel as articles are added).
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/blog?q=${encodeURIComponent(oldest.title)}`);
      await settle(page);
      const card = page.locator("main li > article").first();
      await expect(card).toContainText(oldest.title);
      await expectShot(card, `article-card${ARTICLE_KEY}-${colorScheme}.png`, [], true);
      await page.goto("/store");
      await settle(page);
      await expectShot(
        page.locator("main li > article").filter({ hasText: SIZED.title }),
        `product-card${PRODUCT_KEY}-${colorScheme}.png`,
        [],
        true,
      );
    });

    test("product gallery", async ({ page }) => {
      await page.goto(`/product/${SIZED.id}`);
      await settle(page);
      const gallery = page.getByRole("region", { name: "Product images" });
      await expectShot(gallery, `gallery${PRODUCT_KEY}-${colorScheme}.png`, [], true);
    });

    test("cart drawer with a line", async ({ page }) => {
      await addToCart(page, SIZED.id, { variant: SIZE_B.title });
      await expect(page.getByTestId("cart-badge")).toHaveText("1");
      await gotoHydrated(page, "/about");
      await page.getByTestId("cart-button").click();
      const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
      await expect(drawer).toBeVisible();
      await settle(page);
      await expectShot(drawer, `cart-drawer${PRODUCT_KEY}-${colorScheme}.png`, [], true);
    });
  });
}
