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
 * year is masked.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, gotoHydrated, test } from "../e2e/fixtures";
import { addToCart } from "../e2e/page-helpers";

/** Pixels allowed to differ in one image: anti-aliasing, never a moved line of text. */
export const MAX_DIFF_PIXELS = 60;

/** One page of each kind (the four legal pages share one layout; /success is a plain confirmation like the 404 page). */
const PAGES: Array<[name: string, path: string]> = [
  ["home", "/"],
  ["blog", "/blog"],
  ["article", "/blog/build-an-emergency-fund"],
  ["categories", "/categories"],
  ["about", "/about"],
  ["terms", "/terms"],
  ["contact", "/contact"],
  ["newsletter", "/newsletter"],
  ["store", "/store"],
  ["product", "/product/vpf-tee"],
  ["not-found", "/no-such-page"],
  ["please-hold", "/please-hold"],
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

async function expectShot(target: Page | Locator, name: string, page: Page): Promise<void> {
  await expect(target).toHaveScreenshot(name, { ...SHOT, mask: [page.getByText(/© \d{4} VPF/)] });
}

for (const size of SIZES) {
  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`${size.label} ${colorScheme}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, colorScheme, reducedMotion: "reduce" });

      for (const [name, path] of PAGES) {
        test(name, async ({ page }) => {
          await page.goto(path);
          await settle(page);
          await expectShot(page, `${name}-${size.label}-${colorScheme}.png`, page);
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
      await expectShot(page.locator("header").first(), `header-${colorScheme}.png`, page);
      await expectShot(page.locator("footer").first(), `footer-${colorScheme}.png`, page);
    });

    test("product gallery", async ({ page }) => {
      await page.goto("/product/vpf-tee");
      await settle(page);
      await expectShot(page.getByRole("region", { name: "Product images" }), `gallery-${colorScheme}.png`, page);
    });

    test("cart drawer with a line", async ({ page }) => {
      await addToCart(page, "vpf-tee", { variant: "M" });
      await expect(page.getByTestId("cart-badge")).toHaveText("1");
      await gotoHydrated(page, "/about");
      await page.getByTestId("cart-button").click();
      const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
      await expect(drawer).toBeVisible();
      await settle(page);
      await expectShot(drawer, `cart-drawer-${colorScheme}.png`, page);
    });
  });
}
