/**
 * `npm run dev` as a writer uses it: the worker hands Vite's own paths to the dev server, so the page loads Vite's
 * client and hot reload works; and on a fresh dependency cache the first visits answer no server error, and no page
 * logs a hydration warning or an error, on its first visit or after a reload (ARCHITECTURE.md, "Tests").
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { ROOT, WRANGLER_ENV, findFreePort } from "../../scripts/wrangler.ts";

/** Time the dev server may take to answer on a busy two-core machine, in ms. */
const DEV_START_TIMEOUT_MS = 90_000;

/** Time a page may take to hydrate under the dev server, which compiles each module on its first request, in ms. */
const DEV_HYDRATION_TIMEOUT_MS = 60_000;

/**
 * What Vite prints when it finds a package only once a page imports it: it bundles the packages again, answers 504
 * to modules already asked for and reloads the page.
 */
const LATE_DEPENDENCY = /dependenc(?:y|ies) optimized|optimized dependencies changed/i;

let origin = "";
let server: ChildProcess | undefined;
let serverOutput = "";

test.beforeAll(async () => {
  test.setTimeout(DEV_START_TIMEOUT_MS + 30_000);
  const port = await findFreePort(5273);
  origin = `http://127.0.0.1:${port}`;
  // `--force` bundles the packages afresh, as on a new clone, whatever an earlier run left in the cache.
  server = spawn(
    path.join(ROOT, "node_modules", ".bin", "react-router"),
    ["dev", "--port", String(port), "--strictPort", "--host", "127.0.0.1", "--force"],
    { cwd: ROOT, env: WRANGLER_ENV, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  const keep = (chunk: Buffer) => (serverOutput += chunk.toString());
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  // A static file: no page is rendered, and no module requested, before the browser's first visit.
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/favicon.svg`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: DEV_START_TIMEOUT_MS, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

/** Opens or reloads the page and waits until React has hydrated it (`data-hydrated` on `<html>`). */
async function openHydrated(page: Page, visit: () => Promise<unknown>): Promise<void> {
  await visit();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: DEV_HYDRATION_TIMEOUT_MS });
}

test("a fresh dev server answers the first visits without a server error, and no page logs an error, first visit or reload", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} ${response.url()}`);
  });
  // Hydration mismatches are errors in React 19's development build; React's warning about a `<script>` it created
  // on the client is one too.
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat|script tag/i.test(message.text())) {
      problems.push(`${message.type()}: ${message.text().split("\n")[0]}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));

  const paths = ["/", "/blog"];
  for (const pagePath of paths) await openHydrated(page, () => page.goto(`${origin}${pagePath}`));
  const article = await page.locator('main a[href^="/blog/"]').first().getAttribute("href");
  expect(article, "an article linked from /blog").toBeTruthy();
  await openHydrated(page, () => page.goto(`${origin}${article}`));
  await openHydrated(page, () => page.goto(`${origin}/store`));
  const products = [
    ...new Set(
      await page
        .locator('main a[href^="/product/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? "")),
    ),
  ];
  expect(products, "products linked from /store").not.toEqual([]);
  // The first product that can be added, whatever the catalogue; each one tried is a first visit too.
  const addToCart = page.getByRole("button", { name: "Add to Cart" });
  let product = "";
  for (const candidate of products) {
    await openHydrated(page, () => page.goto(`${origin}${candidate}`));
    product = candidate;
    if (await addToCart.isEnabled()) break;
  }
  expect(await addToCart.isEnabled(), "a product that can be added to the cart").toBe(true);
  paths.push(article ?? "", "/store", product);
  // The code that loads on first use: the toast, then the cart drawer.
  await addToCart.click();
  await page.getByTestId("cart-button").click();
  await expect(page.getByRole("dialog", { name: "Shopping Cart" })).toBeVisible();
  expect(problems, "first visits").toEqual([]);

  for (const pagePath of paths) {
    await openHydrated(page, () => page.goto(`${origin}${pagePath}`));
    await openHydrated(page, () => page.reload());
    expect(problems, `${pagePath} and its reload`).toEqual([]);
  }
  expect(serverOutput, "the dev server found every package before the first page").not.toMatch(LATE_DEPENDENCY);
});

test("the dev server answers Vite's client and the hot-reload runtime as JavaScript, and pages load them", async () => {
  // A page starts React Router's hot-reload runtime, which loads Vite's client: both must be JavaScript.
  const runtime = "/@id/__x00__virtual:react-router/inject-hmr-runtime";
  const blog = await fetch(`${origin}/blog`);
  expect(blog.status).toBe(200);
  expect(await blog.text()).toContain(runtime);
  for (const modulePath of ["/@vite/client", runtime]) {
    const module = await fetch(`${origin}${modulePath}`);
    expect(module.status, modulePath).toBe(200);
    expect(module.headers.get("content-type"), modulePath).toMatch(/javascript/);
  }
});
