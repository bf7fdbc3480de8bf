/**
 * The site's CSS as a visitor's browser gets it (rule 10.3): the first page
 * view is styled from the first paint (no unstyled flash, dark theme
 * included), and a second page view, a full document load, takes the
 * stylesheet from the browser's cache without asking the network.
 */
import { publishedArticles } from "./content-data";
import { expect, test } from "./fixtures";

test("a second page view fetches no CSS, and the first is styled when painted", async ({ page, flags }) => {
  await flags.set({});
  const session = await page.context().newCDPSession(page);
  await session.send("Network.enable");
  // A stylesheet answered from the memory or disk cache is announced by `requestServedFromCache` first.
  const servedFromCache = new Set<string>();
  const cssFromNetwork: string[] = [];
  const cssFromCache: string[] = [];
  session.on("Network.requestServedFromCache", ({ requestId }) => servedFromCache.add(requestId));
  session.on("Network.responseReceived", ({ requestId, response, type }) => {
    if (type !== "Stylesheet") return;
    const cached = servedFromCache.has(requestId) || response.fromDiskCache;
    (cached ? cssFromCache : cssFromNetwork).push(response.url);
  });

  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  // Styled from the first paint: the body's dark background is already computed when the document is parsed.
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe("rgba(0, 0, 0, 0)");
  expect(cssFromNetwork).toHaveLength(1);
  expect(cssFromNetwork[0]).toMatch(/\/assets\/app-[\w-]+\.css$/);

  await page.goto(`/blog/${publishedArticles[0]!.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(cssFromNetwork).toHaveLength(1);
  expect(cssFromCache.length).toBeGreaterThanOrEqual(1);
});
