/**
 * Every page, hydrated, has no WCAG 2 AA error according to HTML_CodeSniffer
 * (pa11y's build, `@pa11y/html_codesniffer`), in the light and the dark theme
 * (contrast differs) at 1280 px: the same pages the HTML validity test reads,
 * each opened once, checked, switched to the other theme with its toggle and
 * checked again.
 * Errors fail the test, one line each (`code: message (element)`); warnings
 * and notices, which ask a person to judge, do not.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { Page, Response } from "@playwright/test";
import { expect, gotoHydrated, test } from "./fixtures";
import { listSitePages } from "./page-helpers";

const HTMLCS_SCRIPT = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@pa11y/html_codesniffer/package.json")),
  "build",
  "HTMLCS.js",
);

/** One message of `HTMLCS.getMessages()`: type 1 is an error, 2 a warning, 3 a notice. */
interface HtmlcsMessage {
  type: number;
  code: string;
  msg: string;
  element: Element | Document;
}

/** The part of HTML_CodeSniffer's global this test calls. */
interface Htmlcs {
  process(standard: string, content: Document, callback: () => void, failCallback: () => void, language: string): void;
  getMessages(): HtmlcsMessage[];
  util: { style(element: Element, pseudo?: string): CSSStyleDeclaration | null };
}

/**
 * Adds HTML_CodeSniffer to the open page (once) and lets its contrast rule
 * read the site's colours: it only parses `rgb()` and `#hex`, while Chromium
 * reports colours as the stylesheet writes them (`oklch()`), which it would
 * silently skip. Each colour it reads is turned into `rgb()`/`rgba()` by
 * painting it on a one-pixel canvas.
 */
async function injectHtmlcs(page: Page): Promise<void> {
  if (await page.evaluate(() => "HTMLCS" in window)) return;
  // The page keeps its own CSP: Chromium runs a script Playwright adds, so no bypass is needed.
  await page.addScriptTag({ path: HTMLCS_SCRIPT });
  await page.evaluate(() => {
    const htmlcs = (window as unknown as { HTMLCS: Htmlcs }).HTMLCS;
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const pixel = canvas.getContext("2d", { willReadFrequently: true })!;
    const toRgb = (colour: string) => {
      if (!colour || /^(rgba?\(|#|transparent$)/.test(colour)) return colour;
      pixel.clearRect(0, 0, 1, 1);
      pixel.fillStyle = colour;
      pixel.fillRect(0, 0, 1, 1);
      const [red, green, blue, alpha] = pixel.getImageData(0, 0, 1, 1).data;
      return alpha === 255 ? `rgb(${red}, ${green}, ${blue})` : `rgba(${red}, ${green}, ${blue}, ${alpha! / 255})`;
    };
    const style = htmlcs.util.style.bind(htmlcs.util);
    htmlcs.util.style = (element, pseudo) => {
      const computed = style(element, pseudo);
      if (!computed) return computed;
      return new Proxy(computed, {
        get(target, key) {
          if (key === "color" || key === "backgroundColor") return toRgb(target[key]);
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    };
  });
}

/**
 * Runs HTML_CodeSniffer's WCAG2AA standard over the open page and returns its
 * errors, one line each: `code: message (opening tag of the element)`.
 */
async function listHtmlcsErrors(page: Page): Promise<string[]> {
  // A theme switch starts colour transitions: contrast is read once they have ended, on the colours a visitor sees.
  await page.evaluate(async () => {
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const running = document.getAnimations().filter((animation) => animation.playState === "running");
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  await injectHtmlcs(page);
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const htmlcs = (window as unknown as { HTMLCS: Htmlcs }).HTMLCS;
        const describe = (element: Element | Document) =>
          element instanceof Element ? /^<[^>]*>/.exec(element.outerHTML)![0].slice(0, 200) : "the document";
        htmlcs.process(
          "WCAG2AA",
          document,
          () =>
            resolve(
              htmlcs
                .getMessages()
                .filter((message) => message.type === 1)
                .map((message) => `${message.code}: ${message.msg} (${describe(message.element)})`),
            ),
          () => reject(new Error("HTML_CodeSniffer could not run")),
          "en",
        );
      }),
  );
}

/** The holding page stands outside the site shell, so it never sets the shell's hydration marker. */
const HOLDING_PAGE = "/please-hold";

/** Opens the holding page and resolves once its scripts have loaded and run. */
async function openHoldingPage(page: Page): Promise<Response | null> {
  const response = await page.goto(HOLDING_PAGE);
  await page.waitForLoadState("networkidle");
  return response;
}

// Reduced motion cuts the theme switch's colour transitions to a hundredth of a millisecond.
test.use({ colorScheme: "light", reducedMotion: "reduce", viewport: { width: 1280, height: 800 } });
// HTML_CodeSniffer itself logs an error for each message it has no English wording for.
test.use({ expectedConsole: /^Translation for "[\w.]+" does not exist in current language en$/ });

test("no page has a WCAG2AA error in either theme (HTML_CodeSniffer)", async ({ page, request }) => {
  const errors: string[] = [];
  const pages = await listSitePages(request);
  // Up to 15 s a page on a busy two-core machine: one hydrated load and two runs of the checker.
  test.setTimeout(30_000 + pages.length * 15_000);
  // The theme toggle's choice persists, so each page opens in the theme the previous one ended in.
  let theme: "light" | "dark" = "light";
  for (const [pagePath, status] of pages) {
    const response = await (pagePath === HOLDING_PAGE ? openHoldingPage(page) : gotoHydrated(page, pagePath));
    expect(response?.status(), pagePath).toBe(status);
    for (let pass = 0; pass < 2; pass++) {
      if (pass === 1) {
        await page.getByTestId("theme-toggle").click();
        theme = theme === "light" ? "dark" : "light";
      }
      await expect(page.locator("html"), pagePath).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
      for (const error of await listHtmlcsErrors(page)) errors.push(`${pagePath} (${theme}): ${error}`);
    }
  }
  expect(errors, `HTML_CodeSniffer errors in ${pages.length} pages`).toEqual([]);
});
