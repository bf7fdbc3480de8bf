/**
 * Only the scripts the worker wrote run (rule 8.1). Scripts are added to an
 * article's `<body>` as the browser receives it, rendered afresh or from the
 * page cache: a plain classic one and a module one without the nonce, which the
 * CSP blocks and the browser reports, and one of a held type without the
 * nonce, which the starter never brings back. The page still hydrates. (What
 * the worker does with such scripts in the content itself, the worker tests
 * hold: `tests/worker/module-start.test.ts`, `tests/worker/page-cache.test.ts`.)
 */
import type { Page } from "@playwright/test";
import { publishedArticles } from "./content-data";
import { expect, gotoHydrated, test } from "./fixtures";

const ARTICLE_PATH = `/blog/${publishedArticles[0]!.slug}`;

/** What is added: each script, if it ever ran, writes its name into `window.__vpfInjected`. */
const INJECTED = [
  `<script>(window.__vpfInjected ||= []).push("classic")</script>`,
  `<script type="module">(window.__vpfInjected ||= []).push("module")</script>`,
  `<script type="vpf/script">(window.__vpfInjected ||= []).push("held")</script>`,
].join("");

/** Adds the scripts just before the page's own starter, and records the violations the browser reports. */
async function injectScripts(page: Page, pathname: string): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __vpfViolations: string[] }).__vpfViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const starter = html.lastIndexOf('<script type="module"');
      await route.fulfill({ response, body: html.slice(0, starter) + INJECTED + html.slice(starter) });
    },
  );
}

/** Opens the page with the scripts added; returns its CSP's `script-src`. */
async function openInjected(page: Page, url: string): Promise<string> {
  await injectScripts(page, new URL(url, "http://site.test").pathname);
  const response = await gotoHydrated(page, url);
  const csp = (await response?.allHeaders())?.["content-security-policy"] ?? "";
  return /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
}

async function expectNoneRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __vpfInjected?: string[] }).__vpfInjected ?? [])).toEqual(
    [],
  );
  // The two nonce-less scripts were blocked and reported by the browser itself (rule 8.4).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __vpfViolations: string[] }).__vpfViolations))
    .toEqual(["script-src-elem inline", "script-src-elem inline"]);
  // The page's own scripts ran: hydrated code switches the light theme to dark.
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await page
    .getByRole("button", { name: /Switch to (dark|light) theme/ })
    .first()
    .click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
}

test.describe("scripts the worker did not write", () => {
  // Chromium logs each blocked script as an error; here they are what the test expects.
  test.use({ expectedConsole: /Content Security Policy/ });

  test("never run on a freshly rendered page", async ({ page, flags }) => {
    await flags.set({});
    // A query string keeps the answer a render with the request's nonce, never a page-cache copy.
    const scriptSrc = await openInjected(page, `${ARTICLE_PATH}?render=1`);
    expect(scriptSrc).toContain("'nonce-");
    await expectNoneRan(page);
  });

  test("never run on a page served from the page cache", async ({ page, flags }) => {
    await flags.set({});
    let csp = "";
    for (let attempt = 0; attempt < 20 && !csp.includes("'sha256-"); attempt++) {
      const response = await page.request.get(ARTICLE_PATH);
      csp = response.headers()["content-security-policy"] ?? "";
    }
    expect(csp).toContain("'sha256-");
    const scriptSrc = await openInjected(page, ARTICLE_PATH);
    expect(scriptSrc).toContain("'sha256-");
    expect(scriptSrc).not.toContain("'nonce-");
    await expectNoneRan(page);
  });
});
