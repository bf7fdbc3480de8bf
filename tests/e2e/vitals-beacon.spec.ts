/**
 * Field data (rule 8.5) in Chromium against the operator's configuration
 * (`VITALS_SAMPLE_RATE=1` on the second server): what an operator receives
 * from a real visit, and that it names no page address.
 */
import { E2E_FORMS_PORT } from "../support/e2e-forms.ts";
import { publishedArticles } from "./content-data";
import { expect, gotoHydrated, test } from "./fixtures";

test.use({ baseURL: `http://127.0.0.1:${E2E_FORMS_PORT}` });

test("a visit reports its Web Vitals when the page is left: the route pattern, never the address", async ({ page }) => {
  const client = page.waitForResponse((response) => /report-vitals/.test(response.url()));
  await gotoHydrated(page, `/blog/${publishedArticles[0]!.slug}?utm_source=newsletter`);
  await client;
  // A press ends the largest-paint measurement (the library waits for the next idle moment to report it).
  await page.getByRole("heading", { level: 1 }).click();
  await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 1000 })));
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/vitals") && request.method() === "POST");
  // The tab is hidden, as when the visitor switches away; a beacon sent while the page unloads is not
  // reported to the test by the browser, though the worker receives it.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  });
  const beacon = await sent;
  const body = beacon.postData() ?? "";
  const parsed = JSON.parse(body) as { route: string; metrics: Array<{ name: string; value: number }> };
  expect(parsed.route).toBe("/blog/:slug");
  expect(parsed.metrics.map((metric) => metric.name)).toEqual(expect.arrayContaining(["TTFB", "FCP", "LCP"]));
  for (const metric of parsed.metrics) expect(metric.value).toBeGreaterThanOrEqual(0);
  expect(body).not.toContain(publishedArticles[0]!.slug);
  expect(body).not.toContain("utm_source");
  expect((await beacon.response())?.status()).toBe(204);
});
