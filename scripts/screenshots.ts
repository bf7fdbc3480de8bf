/**
 * `npm run screenshots -- [paths…]`: full-page screenshots of the site at `BASE_URL`, desktop and mobile, light and
 * dark, into `test-results/screenshots/`.
 */
import { chromium } from "@playwright/test";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PLAYWRIGHT_CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { readCommandLine, wantsHelp } from "./cli-args.ts";
import { ROOT } from "./wrangler.ts";

const USAGE = "Usage: npm run screenshots -- [PATH ...]   (BASE_URL, default http://127.0.0.1:8787, serves them)";
const argv = process.argv.slice(2);
if (wantsHelp(argv)) {
  console.log(USAGE);
  process.exit(0);
}
let positionals: string[];
try {
  positionals = readCommandLine(argv, {}, USAGE).positionals;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8787";
const OUT_DIR = path.join(ROOT, "test-results", "screenshots");
const paths = positionals.length > 0 ? positionals : ["/", "/categories", "/no-such-page"];
const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };

mkdirSync(OUT_DIR, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: PLAYWRIGHT_CHROMIUM_ARGS,
});
for (const [sizeName, viewport] of Object.entries(sizes)) {
  for (const colorScheme of ["light", "dark"] as const) {
    const page = await browser.newPage({ viewport, colorScheme });
    for (const pagePath of paths) {
      await page.goto(new URL(pagePath, BASE_URL).href, { waitUntil: "networkidle" });
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${sizeName}-${colorScheme}.png`;
      await page.screenshot({ path: path.join(OUT_DIR, name), fullPage: true });
      console.log(path.join("test-results", "screenshots", name));
    }
    await page.close();
  }
}
await browser.close();
