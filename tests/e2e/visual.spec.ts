/**
 * The visual baseline: a full-page screenshot of every page at 1280 and
 * 390 px wide, in the light and the dark theme, compared with the committed
 * images in `visual.spec.ts-snapshots/` (a small tolerance absorbs
 * anti-aliasing). Refresh them only on purpose, after looking at the change:
 * `E2E_PORT=… npx playwright test tests/e2e/visual.spec.ts --update-snapshots`.
 *
 * Kept steady: the font is our own self-hosted file, animations and
 * transitions are finished before the shot, the caret is hidden, every image
 * (lazy ones included) has loaded and fonts are ready, and the copyright
 * year is masked.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const PAGES: Array<[name: string, path: string]> = [
  ["home", "/"],
  ["blog", "/blog"],
  ["article", "/blog/build-an-emergency-fund"],
  ["categories", "/categories"],
  ["category", "/categories/crypto"],
  ["category-empty", "/categories/progress"],
  ["about", "/about"],
  ["disclaimer", "/disclaimer"],
  ["privacy", "/privacy"],
  ["terms", "/terms"],
  ["shipping", "/shipping"],
  ["contact", "/contact"],
  ["newsletter", "/newsletter"],
  ["store", "/store"],
  ["product", "/product/vpf-tee"],
  ["success", "/success"],
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

for (const size of SIZES) {
  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`${size.label} ${colorScheme}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, colorScheme, reducedMotion: "reduce" });

      for (const [name, path] of PAGES) {
        test(name, async ({ page }) => {
          await page.goto(path);
          await settle(page);
          await expect(page).toHaveScreenshot(`${name}-${size.label}-${colorScheme}.png`, {
            fullPage: true,
            animations: "disabled",
            caret: "hide",
            maxDiffPixelRatio: 0.01,
            mask: [page.getByText(/© \d{4} VPF/)],
          });
        });
      }
    });
  }
}
