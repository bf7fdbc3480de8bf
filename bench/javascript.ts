/** Measurement 2: the JavaScript and image bytes a phone fetches on each page's load until the network is idle. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PLAYWRIGHT_CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { BUDGETS } from "./budgets.ts";
import { CLIENT_DIR, MOBILE_VIEWPORT, PAGES, log, roundTo } from "./common.ts";

/** Quiet network time after which a page counts as idle, and the longest wait for it, in ms. */
const IDLE_QUIET_MS = 2000;
const IDLE_MAX_MS = 20_000;

/** One page's load until idle: JavaScript as gzip -9 kB, images as kB received. */
export interface JavaScriptPage {
  page: string;
  kind: "content" | "store";
  files: number;
  gzipKb: number;
  budgetKb: number;
  /** Whether any fetched script contains supabase-js, and whether the cart drawer's chunk was fetched. */
  hasSupabase: boolean;
  hasDrawer: boolean;
  images: number;
  imageKb: number;
}

/**
 * Loads each page on a phone viewport until the network is idle; JavaScript is the gzip -9 size, read from
 * `build/client`, of every `.js` file fetched (modulepreloads and lazy chunks alike).
 */
export async function measureJavaScript(base: string): Promise<JavaScriptPage[]> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
  const drawerChunk = /\/assets\/cart-drawer-[^/]+\.js$/;
  const results = [];
  try {
    for (const page of PAGES) {
      const context = await browser.newContext({ viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true });
      const tab = await context.newPage();
      const scripts = new Set<string>();
      const images: Array<Promise<number>> = [];
      let lastActivity = Date.now();
      tab.on("request", () => (lastActivity = Date.now()));
      tab.on("response", (response) => {
        lastActivity = Date.now();
        const url = new URL(response.url());
        if (url.pathname.endsWith(".js")) scripts.add(url.pathname);
        if (response.request().resourceType() === "image") {
          images.push(
            response
              .body()
              .then((body) => body.length)
              .catch(() => 0),
          );
        }
      });
      const started = Date.now();
      await tab.goto(`${base}${page.path}`, { waitUntil: "load" });
      while (Date.now() - lastActivity < IDLE_QUIET_MS && Date.now() - started < IDLE_MAX_MS) {
        await tab.waitForTimeout(250);
      }
      await context.close();
      let bytes = 0;
      let hasSupabase = false;
      let hasDrawer = false;
      for (const url of scripts) {
        const file = readFileSync(path.join(CLIENT_DIR, url));
        bytes += gzipSync(file, { level: 9 }).length;
        if (/supabase/i.test(file.toString("utf8"))) hasSupabase = true;
        if (drawerChunk.test(url)) hasDrawer = true;
      }
      const imageBytes = (await Promise.all(images)).reduce((sum, size) => sum + size, 0);
      const budgetKb = page.kind === "store" ? BUDGETS.jsStoreKb : BUDGETS.jsContentKb;
      const kb = roundTo(bytes / 1000, 1);
      const imageKb = roundTo(imageBytes / 1000, 1);
      log(`javascript ${page.path}: ${kb} kB gzip in ${scripts.size} files; images ${imageKb} kB in ${images.length}`);
      results.push({
        page: page.name,
        kind: page.kind,
        files: scripts.size,
        gzipKb: kb,
        budgetKb,
        hasSupabase,
        hasDrawer,
        images: images.length,
        imageKb,
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}
