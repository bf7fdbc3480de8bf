/**
 * Images as a visitor's browser loads them (rule 4.9, rule 4.10, rule 3.1):
 * generated images come as AVIF sized for their box; choosing
 * a size keeps the product photo, on a phone too; each article shares its own
 * picture (rule 3.6). Which image is eager and that each is sized is in the
 * page's markup: `tests/worker/page-markup.test.ts`.
 */
import sharp from "sharp";
import { buildImageVariantUrl, parseGeneratedImageUrl } from "../../content/image-variants.ts";
import { products } from "../support/test-catalogue.ts";
import { publishedArticles } from "./content-data";
import { SIZED, SIZE_A, SIZE_B, SIZE_C } from "../support/catalogue";
import { expect, gotoHydrated, test } from "./fixtures";

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
