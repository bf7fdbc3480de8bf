/**
 * Observed, not simulated: real Chromium on a phone viewport with Slow 4G and a 4× slower CPU, each load in a fresh
 * context (cold cache, new connection), so over the HTTPS front each load gets one h2 connection, as a visitor does.
 */
import type { Page } from "@playwright/test";
import { PLAYWRIGHT_CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import {
  type BenchPage,
  CPU_SLOWDOWN,
  MOBILE_VIEWPORT,
  PAGES,
  SLOW_4G,
  computeMedian,
  log,
  waitFor,
} from "./common.ts";

/** How long the page is left after hydration and `load` before the largest paint is read, in ms. */
const SETTLE_MS = 500;

/** One load's figures, in ms since navigation start. */
interface ObservedLoad {
  fcpMs: number;
  lcpMs: number;
  hydratedMs: number;
  lcpElement: string;
  protocol: string;
  resourceProtocols: Record<string, number>;
}

/** A page's observed figures: medians over its loads, in ms since navigation start. */
export interface ObservedPage {
  page: string;
  path: string;
  /** The first load's document `nextHopProtocol` (`h2`, `http/1.1`) and its same-origin resources counted by it. */
  protocol: string;
  resourceProtocols: Record<string, number>;
  loads: number;
  fcpMs: number;
  lcpMs: number;
  hydratedMs: number;
  /** FCP and LCP → hydrated: medians of each load's difference, the FCP one floored at 0, the LCP one signed. */
  gapMs: number;
  lcpToHydratedMs: number;
  /** The LCP element of the first load, as `tag#id.class`. */
  lcpElement: string;
  runs: Array<{ fcpMs: number; lcpMs: number; hydratedMs: number }>;
}

/**
 * One load's figures once it has hydrated, fired `load` and settled: LCP is the buffered observer's last candidate,
 * hydration the shell's `vpf:hydrated` mark (app/lib/use-hydration-marker.ts).
 */
async function readLoad(tab: Page): Promise<ObservedLoad | null> {
  await tab.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, { timeout: 60_000 });
  await tab.waitForFunction(() => document.readyState === "complete", null, { timeout: 60_000 });
  await waitFor(SETTLE_MS);
  return tab.evaluate(async () => {
    const lcp = await new Promise<PerformanceEntry | undefined>((resolve) => {
      let last: PerformanceEntry | undefined;
      const observer = new PerformanceObserver((list) => (last = list.getEntries().at(-1) ?? last));
      observer.observe({ type: "largest-contentful-paint", buffered: true });
      setTimeout(() => {
        observer.disconnect();
        resolve(last);
      }, 100);
    });
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    const hydrated = performance.getEntriesByName("vpf:hydrated")[0];
    if (!fcp || !lcp || !hydrated) return null;
    const element = (lcp as PerformanceEntry & { element?: Element | null }).element;
    const describe = (node: Element | null | undefined) =>
      node
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${[...node.classList]
            .slice(0, 2)
            .map((name) => `.${name}`)
            .join("")}`
        : "none";
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const resourceProtocols: Record<string, number> = {};
    for (const entry of performance.getEntriesByType("resource") as PerformanceResourceTiming[]) {
      if (!entry.name.startsWith(location.origin)) continue;
      const protocol = entry.nextHopProtocol || "unknown";
      resourceProtocols[protocol] = (resourceProtocols[protocol] ?? 0) + 1;
    }
    return {
      fcpMs: fcp.startTime,
      lcpMs: lcp.startTime,
      hydratedMs: hydrated.startTime,
      lcpElement: describe(element),
      protocol: navigation?.nextHopProtocol || "unknown",
      resourceProtocols,
    };
  });
}

/** Loads each page `runs` times in throttled Chromium from `base`: per page, medians in ms since navigation start. */
export async function measureObserved(
  base: string,
  options: { runs: number; pages?: ReadonlyArray<BenchPage> },
): Promise<ObservedPage[]> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...PLAYWRIGHT_CHROMIUM_ARGS, "--ignore-certificate-errors"],
  });
  const results: ObservedPage[] = [];
  try {
    for (const page of options.pages ?? PAGES) {
      const loads: ObservedLoad[] = [];
      for (let run = 0; run < options.runs; run++) {
        const context = await browser.newContext({
          viewport: MOBILE_VIEWPORT,
          isMobile: true,
          hasTouch: true,
          ignoreHTTPSErrors: true,
        });
        try {
          const tab = await context.newPage();
          const cdp = await context.newCDPSession(tab);
          await cdp.send("Network.enable");
          await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
          await tab.goto(`${base}${page.path}`, { waitUntil: "commit" });
          const load = await readLoad(tab);
          if (load) loads.push(load);
        } catch (error) {
          // One stalled load (a busy machine) is left out rather than losing the page's other loads.
          log(`observed ${page.path} load ${run + 1} left out: ${String(error).split("\n")[0]}`);
        } finally {
          await context.close();
        }
      }
      if (!loads.length) throw new Error(`no complete observed load of ${page.path}`);
      const takeMedian = (pick: (load: ObservedLoad) => number) => Math.round(computeMedian(loads.map(pick)));
      const entry: ObservedPage = {
        page: page.name,
        path: page.path,
        protocol: loads[0]!.protocol,
        resourceProtocols: loads[0]!.resourceProtocols,
        loads: loads.length,
        fcpMs: takeMedian((load) => load.fcpMs),
        lcpMs: takeMedian((load) => load.lcpMs),
        hydratedMs: takeMedian((load) => load.hydratedMs),
        gapMs: takeMedian((load) => Math.max(0, load.hydratedMs - load.fcpMs)),
        lcpToHydratedMs: takeMedian((load) => load.hydratedMs - load.lcpMs),
        lcpElement: loads[0]!.lcpElement,
        runs: loads.map((load) => ({
          fcpMs: Math.round(load.fcpMs),
          lcpMs: Math.round(load.lcpMs),
          hydratedMs: Math.round(load.hydratedMs),
        })),
      };
      log(
        `observed ${page.path} (${entry.protocol}): FCP ${entry.fcpMs}, LCP ${entry.lcpMs}, hydrated ${entry.hydratedMs}, gap ${entry.gapMs} ms`,
      );
      results.push(entry);
    }
  } finally {
    await browser.close();
  }
  return results;
}
