/**
 * HTML_CodeSniffer (pa11y's build, `@pa11y/html_codesniffer`) run inside a page: its WCAG 2 AA errors, one line
 * each (`code: message (element)`). Warnings and notices, which ask a person to judge, are left out.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "@playwright/test";

const HTMLCS_SCRIPT = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@pa11y/html_codesniffer/package.json")),
  "build",
  "HTMLCS.js",
);

/** What HTML_CodeSniffer logs for each message it has no English wording for: noise, not a fault of the page. */
export const HTMLCS_CONSOLE_NOISE = /^Translation for "[\w.]+" does not exist in current language en$/;

/** One message of `HTMLCS.getMessages()`: type 1 is an error, 2 a warning, 3 a notice. */
interface HtmlcsMessage {
  type: number;
  code: string;
  msg: string;
  element: Element | Document;
}

/** The part of HTML_CodeSniffer's global this module calls. */
interface Htmlcs {
  process(standard: string, content: Document, callback: () => void, failCallback: () => void, language: string): void;
  getMessages(): HtmlcsMessage[];
  util: { style(element: Element, pseudo?: string): CSSStyleDeclaration | null };
}

/**
 * Adds HTML_CodeSniffer to the open page (once) and lets its contrast rule read the site's colours: it parses only
 * `rgb()` and `#hex`, while Chromium reports colours as the stylesheet writes them (`oklch()`), which it would
 * silently skip. Each colour it reads is turned into `rgb()`/`rgba()` by painting it on a one-pixel canvas.
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
 * Runs HTML_CodeSniffer's WCAG2AA standard over the open page, as it looks now, and returns its errors.
 *
 * @throws Error when the checker cannot run in the page.
 */
export async function listHtmlcsErrors(page: Page): Promise<string[]> {
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
