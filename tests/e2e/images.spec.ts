/**
 * Images as a visitor's browser loads them (rule 4.9, rule 4.10, rule 3.1):
 * the page's first image above the fold is eager with high fetch priority and
 * every other content image is lazy; every image has its width and height so
 * nothing shifts; generated images come as AVIF sized for their box; choosing
 * a size keeps the product photo, on a phone too; each article shares its own
 * picture (rule 3.6).
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { buildImageVariantUrl, parseGeneratedImageUrl } from "../../content/image-variants.ts";
import { products } from "../support/test-catalogue.ts";
import { publishedArticles } from "./content-data";
import { SIZED, SIZE_A, SIZE_B, SIZE_C } from "../support/catalogue";
import { expect, gotoHydrated, test } from "./fixtures";

/** Content images: covers and product photos (the logo is not one). */
const contentImages = (page: Page) => page.locator("main img:not([src^='/images/brand/'])");

for (const path of [
  "/blog",
  `/blog/${publishedArticles[0]!.slug}`,
  "/store",
  `/product/${SIZED.id}`,
  `/categories/${publishedArticles[0]!.categorySlug}`,
]) {
  test(`${path}: the first image is eager at high priority, every other one lazy, all sized`, async ({ page }) => {
    await page.goto(path);
    const images = contentImages(page);
    expect(await images.count()).toBeGreaterThan(0);
    await expect(images.first()).toHaveAttribute("loading", "eager");
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    const others = await images.evaluateAll((nodes) =>
      nodes
        .slice(1)
        .map((node) => ({ loading: node.getAttribute("loading"), priority: node.getAttribute("fetchpriority") })),
    );
    for (const other of others) expect(other).toEqual({ loading: "lazy", priority: null });
    const unsized = await images.evaluateAll(
      (nodes) => nodes.filter((node) => !node.getAttribute("width") || !node.getAttribute("height")).length,
    );
    expect(unsized).toBe(0);
  });
}

test("the home page keeps its below-the-fold covers lazy", async ({ page }) => {
  await page.goto("/");
  const loading = await contentImages(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute("loading")));
  expect(loading.length).toBeGreaterThan(0);
  expect(new Set(loading)).toEqual(new Set(["lazy"]));
});

test("a phone gets an AVIF cover no wider than it needs", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const article = publishedArticles.find((candidate) => parseGeneratedImageUrl(candidate.image))!;
  await page.goto(`/blog/${article.slug}`);
  const cover = page.getByRole("img", { name: article.imageAlt, exact: true });
  await expect(cover).toBeVisible();
  const chosen = await cover.evaluate((node: HTMLImageElement) => node.currentSrc);
  // 358 CSS px at 2x is 716 device px: the 800 px AVIF, not the 1200 px original.
  const { group, name } = parseGeneratedImageUrl(article.image)!;
  expect(new URL(chosen).pathname).toBe(buildImageVariantUrl(group, name, 800, "avif"));
  await context.close();
});

test("choosing a size keeps the photo on a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await gotoHydrated(page, `/product/${SIZED.id}`);
  const image = page.getByTestId("gallery-image");
  const photo = SIZED.image!;
  await expect(image).toHaveAttribute("src", photo);
  for (const size of [SIZE_B, SIZE_C, SIZE_A]) {
    await page.getByText(size.title, { exact: true }).click();
    await expect(page.getByRole("radio", { name: size.title, exact: true })).toBeChecked();
    await expect(image).toHaveAttribute("src", photo);
  }
  await context.close();
});

test("every product page's link preview is its own 1200 × 630 JPEG", async ({ request }) => {
  for (const product of products) {
    const html = await (await request.get(`/product/${product.id}`)).text();
    const preview = /<meta property="og:image" content="([^"]+)"\/>/.exec(html)?.[1];
    expect(preview, product.id).toBeDefined();
    expect(new URL(preview!).pathname, product.id).toMatch(new RegExp(`/${product.id}\\.jpg$`));
    expect(html, product.id).toMatch(
      new RegExp(`<meta name="twitter:image" content="${preview!.replaceAll(".", "\\.")}"/>`),
    );
    const image = await request.get(new URL(preview!).pathname);
    expect(image.status(), product.id).toBe(200);
    expect(image.headers()["content-type"], product.id).toBe("image/jpeg");
    const { width, height, format } = await sharp(await image.body()).metadata();
    expect({ width, height, format }, product.id).toEqual({ width: 1200, height: 630, format: "jpeg" });
  }
});

test("every article's link preview is its own 1200 × 630 JPEG", async ({ request }) => {
  for (const article of publishedArticles) {
    const html = await (await request.get(`/blog/${article.slug}`)).text();
    const preview = `/images/share/${article.slug}.jpg`;
    expect(html, article.slug).toContain(
      `<meta property="og:image" content="${new URL(preview, html.match(/<link rel="canonical" href="([^"]+)"/)?.[1]).href}"/>`,
    );
    expect(html, article.slug).toMatch(new RegExp(`<meta name="twitter:image" content="[^"]*${preview}"/>`));
    const image = await request.get(preview);
    expect(image.headers()["content-type"], preview).toBe("image/jpeg");
    const { width, height, format } = await sharp(await image.body()).metadata();
    expect({ width, height, format }, preview).toEqual({ width: 1200, height: 630, format: "jpeg" });
  }
});
