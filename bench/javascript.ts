/**
 * Measurement 2, what a phone fetches without the visitor doing anything:
 * the JavaScript and image bytes of each page's load until the network is idle.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { BUDGETS } from "./budgets.ts";
import { CLIENT_DIR, MOBILE_VIEWPORT, PAGES, log, roundTo } from "./common.ts";

/** Quiet network time after which a page counts as idle, and the longest wait for it, in ms. */
const IDLE_QUIET_MS = 2000;
const IDLE_MAX_MS = 20_000;

/** One page's load until idle: JavaScript as gzip -9 kB, images as kB received. */
export interface JavaScriptPage {
  page: string;
  kind: "content" | "store";
  /** `.js` files fetched. */
  files: number;
  gzipKb: number;
  /** The page kind's budget, in kB gzip. */
  budgetKb: number;
  /** Whether any fetched script contains supabase-js. */
  hasSupabase: boolean;
  /** Whether the cart drawer's chunk was fetched. */
  hasDrawer: boolean;
  /** Images received. */
  images: number;
  imageKb: number;
}

/**
 * Opens each page in Chromium at a mobile viewport and waits until the
 * network has been quiet for `IDLE_QUIET_MS`. JavaScript is the gzip size
 * (level 9) of every `.js` file it fetched (scripts, modulepreloads and lazy
 * chunks alike), read from `build/client`; images are the bytes received.
 */
export async function measureJavaScript(base: string): Promise<JavaScriptPage[]> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
