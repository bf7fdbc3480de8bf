/**
 * The site sweep: every page the sitemap lists, each product page the store links to, a paid order page, the plain
 * order page, the holding page and the 404 page, each opened once and checked in the light and the dark theme
 * (the theme toggle switches it in place) by axe (WCAG 2.2 AA and best practice, rule 10.1) and HTML_CodeSniffer
 * (WCAG2AA errors). The HTML each page was served with is kept and checked afterwards by the W3C Nu HTML checker in
 * one run. The open cart drawer, a state no URL reaches, gets the same two audits in both themes. Every page is
 * also opened on a 390 px phone at a 20 and a 24 px default font, and must not be wider than the screen; so are the
 * generated archive's article with a wide table and one of its later list pages (`tests/support/archive-fixture.ts`).
 */
import type { Page, Response } from "@playwright/test";
import { ARCHIVE_MARKUP_SLUG } from "../support/archive-facts.ts";
import { SIZED } from "../support/catalogue";
import { expect, gotoHydrated, test } from "../e2e/fixtures";
import { addToCart, createPaidSuccessPath, listAxeViolations, listSitePages } from "../e2e/page-helpers";
import { HTMLCS_CONSOLE_NOISE, listHtmlcsErrors } from "./htmlcs";
import { listNuErrors } from "./nu-checker";

/** The holding page stands outside the site shell, so it never sets the shell's hydration marker. */
const HOLDING_PAGE = "/please-hold";

type Theme = "light" | "dark";

// Reduced motion cuts the theme switch's colour transitions to a hundredth of a millisecond.
test.use({ colorScheme: "light", reducedMotion: "reduce", viewport: { width: 1280, height: 800 } });
test.use({ expectedConsole: HTMLCS_CONSOLE_NOISE });

/** Opens `pagePath` as a visitor does and resolves once its scripts have run. */
async function openPage(page: Page, pagePath: string): Promise<Response | null> {
  if (pagePath !== HOLDING_PAGE) return gotoHydrated(page, pagePath);
  const response = await page.goto(pagePath);
  await page.waitForLoadState("networkidle");
  return response;
}

/** Resolves once no finite animation runs: both checkers read colours, which a theme switch or a drawer fades. */
async function waitForStillness(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .filter((animation) => animation.playState === "running");
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * axe's and HTML_CodeSniffer's findings on the page as it is now, each line prefixed with `label`. Closed
 * disclosures are opened first: a visitor reads what they hold, and Chromium leaves the styles inside a closed one
 * as they were before a theme switch, so the checkers would read colours no visitor ever sees.
 */
async function auditPage(page: Page, label: string): Promise<string[]> {
  await page.evaluate(() => {
    for (const details of document.querySelectorAll("details")) details.open = true;
  });
  await waitForStillness(page);
  const axe = (await listAxeViolations(page)).map((line) => `${label} axe ${line}`);
  const htmlcs = (await listHtmlcsErrors(page)).map((line) => `${label} HTML_CodeSniffer ${line}`);
  return [...axe, ...htmlcs];
}

/** Clicks the theme toggle and returns the theme it switched to, once `<html>` shows it. */
async function toggleTheme(page: Page, from: Theme): Promise<Theme> {
  const to: Theme = from === "light" ? "dark" : "light";
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveClass(to === "dark" ? /dark/ : /^(?!.*dark)/);
  return to;
}

test("every page passes axe and HTML_CodeSniffer in both themes, and the Nu HTML checker", async ({
  page,
  request,
}) => {
  const pages = [...(await listSitePages(request)), [await createPaidSuccessPath(request), 200] as const];
  // Up to 15 s a page on a busy two-core machine: one hydrated load and four audits.
  test.setTimeout(60_000 + pages.length * 15_000);
  const findings: string[] = [];
  const htmlOfPage = new Map<string, string>();
  // The toggle's choice persists, so each page opens in the theme the previous one ended in.
  let theme: Theme = "light";
  for (const [pagePath, status] of pages) {
    const response = await openPage(page, pagePath);
    expect(response?.status(), pagePath).toBe(status);
    expect(response?.headers()["content-type"], pagePath).toMatch(/^text\/html/);
    const html = (await response!.text()).trimEnd();
    expect(html, `${pagePath} should be complete`).toMatch(/<\/html>$/);
    htmlOfPage.set(pagePath, html);
    findings.push(...(await auditPage(page, `${pagePath} (${theme})`)));
    theme = await toggleTheme(page, theme);
    findings.push(...(await auditPage(page, `${pagePath} (${theme})`)));
  }
  findings.push(...(await listNuErrors(htmlOfPage)).map((line) => `Nu ${line}`));
  expect(findings, `findings in ${pages.length} pages`).toEqual([]);
});

test("no page is wider than a 390 px phone when the browser's default font is 20 or 24 px", async ({
  page,
  request,
  archiveServer,
}) => {
  // The site's pages, and the generated archive's article with a seven-column table, and a list of that archive.
  const archivePages = [`/blog/${ARCHIVE_MARKUP_SLUG}`, "/blog?page=2"].map((path): [string, number] => [
    `${archiveServer}${path}`,
    200,
  ]);
  const pages = [...(await listSitePages(request)), ...archivePages];
  // Up to 5 s a hydrated load on a busy two-core machine, twice a page.
  test.setTimeout(60_000 + pages.length * 2 * 5_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const devtools = await page.context().newCDPSession(page);
  const tooWide: string[] = [];
  for (const size of [20, 24]) {
    // The setting a reader changes in the browser's preferences; rem-based sizes follow it.
    await devtools.send("Page.setFontSizes", { fontSizes: { standard: size, fixed: Math.round((size * 13) / 16) } });
    for (const [pagePath] of pages) {
      await openPage(page, pagePath);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) tooWide.push(`${pagePath} at ${size} px: ${width} px wide`);
    }
  }
  expect(tooWide).toEqual([]);
});

test("the open cart drawer with a line passes axe and HTML_CodeSniffer in both themes", async ({ page }) => {
  const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
  await addToCart(page, SIZED.id);
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  const findings: string[] = [];
  let theme: Theme = "light";
  for (let pass = 0; pass < 2; pass++) {
    if (pass === 1) {
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      theme = await toggleTheme(page, theme);
    }
    await page.getByTestId("cart-button").click();
    await expect(drawer).toBeVisible();
    findings.push(...(await auditPage(page, `cart drawer (${theme})`)));
  }
  expect(findings).toEqual([]);
});
