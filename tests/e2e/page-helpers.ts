/**
 * Steps several end-to-end files take the same way: listing every page the
 * site-wide checks visit, adding a product to the cart as a visitor does,
 * asking axe for WCAG 2.2 AA violations (rule 10.1), and finishing a sandbox
 * checkout over HTTP (rule 5.8).
 */
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Page, devices } from "@playwright/test";
import { ON_SALE, SIZE_C } from "../support/catalogue";
import { expect, gotoHydrated } from "./fixtures";

/** A desktop Chrome User-Agent: bots get a differently buffered page, visitors this one. */
export const BROWSER_UA = devices["Desktop Chrome"].userAgent;

/** Pages no sitemap lists, with the status each answers. */
const UNLISTED_PAGES: Array<[path: string, status: number]> = [
  ["/please-hold", 200],
  ["/search", 200],
  // The commonest English word (a single letter now matches only itself): every kind of result the search shows.
  ["/search?q=the", 200],
  ["/cart", 200],
  ["/success", 200],
  ["/no-such-page", 404],
];

/**
 * Every page the site-wide checks visit, with the status each answers: each
 * page the sitemap lists, each product page the store links to, the holding
 * page, the cart page, the plain order page, the site search (blank and with results) and the 404 page.
 *
 * @throws Error when the sitemap or the store lists nothing.
 */
export async function listSitePages(request: APIRequestContext): Promise<Array<[path: string, status: number]>> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  if (listed.length === 0) throw new Error("the sitemap lists no page");
  const store = await (await request.get("/store", { headers: { "user-agent": BROWSER_UA } })).text();
  const products = [...store.matchAll(/href="(\/product\/[^"?#]+)"/g)].map((match) => match[1]!);
  if (products.length === 0) throw new Error("/store links to no product");
  const paths = [...new Set([...listed, ...products])];
  return [...paths.map((path): [string, number] => [path, 200]), ...UNLISTED_PAGES];
}

/** The axe rule sets every accessibility check uses: WCAG 2.0 to 2.2 A and AA, plus best practice. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Opens `/product/{productId}` (hydrated), picks a variant and a quantity if
 * given, and clicks Add to Cart. It does not wait for the outcome: callers
 * assert the toast they expect.
 */
export async function addToCart(
  page: Page,
  productId: string,
  options: { variant?: string; quantity?: number } = {},
): Promise<void> {
  await gotoHydrated(page, `/product/${productId}`);
  if (options.variant) await page.getByText(options.variant, { exact: true }).click();
  if (options.quantity) {
    await page.getByLabel("Quantity", { exact: true }).fill(String(options.quantity));
    await page.getByLabel("Quantity", { exact: true }).press("Enter");
  }
  await page.getByRole("button", { name: "Add to Cart" }).click();
}

/** axe's violations on the page as it is now, one line each: `id: selector, selector`. */
export async function listAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

/**
 * Runs a sandbox checkout of one T-shirt over HTTP, as the cart drawer and
 * the hosted page's Pay link do, and returns the `/success?receipt=…` path
 * Pay leads to (the receipt the worker signed).
 *
 * @throws the assertion error when checkout or the hosted page fails.
 */
export async function createPaidSuccessPath(request: APIRequestContext): Promise<string> {
  const started = await request.post("/api/checkout", {
    data: {
      items: [{ variant_id: SIZE_C.id, quantity: 2 }],
      cancelUrl: new URL("/store", await readOrigin(request)).toString(),
      locale: "en-US",
      timeZone: "UTC",
    },
  });
  if (!started.ok()) throw new Error(`checkout answered ${started.status()}`);
  const { url } = (await started.json()) as { url: string };
  const hosted = await request.get(url);
  const pay = /<a class="pay" href="([^"]+)"/.exec(await hosted.text())?.[1];
  if (!pay) throw new Error("the sandbox page has no Pay link");
  const paid = new URL(pay.replace(/&amp;/g, "&"));
  return `${paid.pathname}${paid.search}`;
}

async function readOrigin(request: APIRequestContext): Promise<string> {
  const response = await request.get("/please-hold");
  return new URL(response.url()).origin;
}

/**
 * Puts two of a product in the cart, checks out, presses the browser's Back on
 * the checkout page and expects what Cancel gives (rule 5.9): the product page,
 * the 'Checkout cancelled' toast and the cart saved again with both.
 *
 * @returns whether the page came back from the back-forward cache.
 */
export async function goBackFromCheckout(page: Page): Promise<boolean> {
  await page.addInitScript(() =>
    window.addEventListener("pageshow", (event) =>
      sessionStorage.setItem("test-shown-from-cache", `${event.persisted}`),
    ),
  );
  await addToCart(page, ON_SALE.id, { quantity: 2 });
  await page.getByTestId("cart-button").click();
  await page.getByRole("dialog", { name: "Shopping Cart" }).getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\?session=/);
  expect(await page.evaluate(() => localStorage.getItem("vpf-cart"))).toBe('{"version":1,"items":[]}');
  // A page shown again from the back-forward cache fires no load event.
  await page.goBack({ waitUntil: "commit" });
  await expect(page).toHaveURL(new RegExp(`:\\d+/product/${ON_SALE.id}$`));
  await expect(page.getByTestId("toast")).toContainText("Checkout cancelled");
  await expect(page.getByTestId("toast")).toContainText("Your cart is as you left it.");
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  expect(await page.evaluate(() => localStorage.getItem("vpf-cart"))).toContain('"quantity":2');
  return (await page.evaluate(() => sessionStorage.getItem("test-shown-from-cache"))) === "true";
}
