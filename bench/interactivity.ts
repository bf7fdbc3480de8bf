/**
 * Measurement 7, interactive when painted: first contentful paint to hydration in throttled Chromium, and whether
 * a click before hydration counts exactly once.
 */
import type { Page } from "@playwright/test";
import { PLAYWRIGHT_CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { BENCH_PRODUCT_PATH, CPU_SLOWDOWN, MOBILE_VIEWPORT, PAGES, RUNS, SLOW_4G, computeMedian, log } from "./common.ts";

/** Per page, medians in ms since navigation start; and what an early Add to Cart left in the cart. */
export interface Interactivity {
  pages: Array<{ page: string; fcpMs: number; hydratedMs: number; gapMs: number }>;
  lostInteraction: {
    clickedBeforeHydration: boolean;
    /** The quantity of each cart line; `ok` when there is exactly one line, of quantity 1. */
    quantities: number[];
    ok: boolean;
  };
}

/** Times each page's paint and hydration `RUNS` times, then clicks Add to Cart 200 ms after the product's paint. */
export async function measureInteractivity(base: string): Promise<Interactivity> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
  const openThrottled = async () => {
    const context = await browser.newContext({ viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    return { context, tab };
  };
  const readFcp = (tab: Page) =>
    tab.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null);
  const pages = [];
  try {
    for (const page of PAGES) {
      const fcp: number[] = [];
      const hydrated: number[] = [];
      const gaps: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const { context, tab } = await openThrottled();
        await tab.goto(`${base}${page.path}`, { waitUntil: "commit" });
        await tab.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, {
          timeout: 60_000,
        });
        const painted = await readFcp(tab);
        // The shell's User Timing mark (app/lib/use-hydration-marker.ts, HYDRATION_MARK).
        const done = await tab.evaluate(() => performance.getEntriesByName("vpf:hydrated")[0]?.startTime ?? null);
        await context.close();
        if (painted === null || done === null) continue;
        fcp.push(painted);
        hydrated.push(done);
        gaps.push(Math.max(0, done - painted));
      }
      const entry = {
        page: page.name,
        fcpMs: Math.round(computeMedian(fcp)),
        hydratedMs: Math.round(computeMedian(hydrated)),
        gapMs: Math.round(computeMedian(gaps)),
      };
      log(
        `interactive ${page.path}: painted ${entry.fcpMs} ms, hydrated ${entry.hydratedMs} ms, gap ${entry.gapMs} ms`,
      );
      pages.push(entry);
    }
    const { context, tab } = await openThrottled();
    await tab.goto(`${base}${BENCH_PRODUCT_PATH}`, { waitUntil: "commit" });
    await tab.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, {
      timeout: 60_000,
      polling: 20,
    });
    await tab.waitForTimeout(200);
    const hydratedBeforeClick = await tab.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));
    await tab.getByRole("button", { name: "Add to Cart" }).click();
    await tab.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, { timeout: 60_000 });
    await tab.waitForTimeout(1500);
    const lines = await tab.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem("vpf-cart") ?? '{"items":[]}') as { items: { quantity: number }[] };
      return saved.items.map((item) => item.quantity);
    });
    await context.close();
    const lostInteraction = {
      clickedBeforeHydration: !hydratedBeforeClick,
      quantities: lines,
      ok: lines.length === 1 && lines[0] === 1,
    };
    log(`lost interaction: ${JSON.stringify(lostInteraction)}`);
    return { pages, lostInteraction };
  } finally {
    await browser.close();
  }
}
