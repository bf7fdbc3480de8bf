/**
 * `npm run image-bytes` (in `bench/`): image bytes (as transferred, headers excluded) a phone fetches on a first, unscrolled
 * load of key pages at `BASE_URL`. `DPR` takes a comma-separated list; 1.75 is Lighthouse's mobile preset.
 */
import { type Browser, chromium } from "@playwright/test";
import { PLAYWRIGHT_CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { PAGES } from "./common.ts";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8787";
const RATIOS = (process.env.DPR ?? "1.75").split(",").map(Number);
const PATHS = PAGES.map((page) => page.path);
/** Mobile viewport, in CSS px. */
const VIEWPORT = { width: 390, height: 844 };

/** One fetched image: URL path and body bytes as transferred. */
interface Fetched {
  url: string;
  bytes: number;
}

/** Loads `pagePath` in a fresh context and lists the images fetched until the network is idle. */
async function measure(browser: Browser, pagePath: string, ratio: number) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: ratio,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const fetched: Fetched[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "image") return;
    void request.sizes().then((sizes) => {
      fetched.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
    });
  });
  await page.goto(new URL(pagePath, BASE_URL).href, { waitUntil: "networkidle" });
  // Lazy images just inside the load margin start after layout; give them a moment.
  await page.waitForTimeout(500);
  await page.waitForLoadState("networkidle");
  await context.close();
  return fetched;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
for (const ratio of RATIOS) {
  console.log(`\nImage bytes on first load, ${VIEWPORT.width}×${VIEWPORT.height} CSS px, DPR ${ratio}\n`);
  console.log("| page | images | bytes |\n| --- | ---: | ---: |");
  const details: string[] = [];
  for (const pagePath of PATHS) {
    const fetched = await measure(browser, pagePath, ratio);
    const total = fetched.reduce((sum, item) => sum + item.bytes, 0);
    console.log(`| ${pagePath} | ${fetched.length} | ${total.toLocaleString("en-US")} |`);
    details.push(`${pagePath}: ${fetched.map((item) => `${item.url} (${item.bytes})`).join(", ") || "none"}`);
  }
  console.log(`\n${details.join("\n")}`);
}
await browser.close();
