/**
 * Observed, not simulated: real Chromium on a phone viewport with Slow 4G and a 4× slower CPU, each load in a fresh
 * context (cold cache, new connection), so over the HTTPS front each load gets one h2 connection, as a visitor does.
 * Each load of a page alternates with a load of its zero-JavaScript copy through the same front (`ZERO_JS_PREFIX`).
 */
import type { CDPSession, Page } from "@playwright/test";
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
  waitForQuietHost,
} from "./common.ts";
import { ZERO_JS_PREFIX } from "./https-front.ts";

/** How long the page is left after hydration and `load` before the largest paint is read, in ms. */
const SETTLE_MS = 500;

/** Requests whose answers had ended by a moment, and their bytes as transferred (headers and encoded body). */
interface Fetched {
  requests: number;
  bytes: number;
}

/** One load's figures, in ms since navigation start. */
interface ObservedLoad {
  fcpMs: number;
  lcpMs: number;
  hydratedMs: number;
  lcpElement: string;
  protocol: string;
  resourceProtocols: Record<string, number>;
  beforePaint: Fetched;
  beforeHydrated: Fetched;
  /** The renderer's main-thread task time from navigation until hydration was seen, at the throttled CPU, in ms. */
  mainThreadMs: number;
}

/**
 * What the network and the CPU alone allow before a moment: one request's latency, then whichever takes longer of
 * moving `fetched` at Slow 4G's download rate and the main thread's tasks (they may overlap, so this is a floor).
 */
export interface Floor extends Fetched {
  transferMs: number;
  mainThreadMs: number;
  floorMs: number;
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
  /** Medians of the zero-JavaScript copy's loads, and the page's LCP over the copy's (1.00: scripts cost no paint). */
  zeroJs: { loads: number; fcpMs: number; lcpMs: number; lcpElement: string };
  lcpRatio: number;
  /** Medians of each load's floors before first paint and before hydration. */
  floors: { paint: Floor; hydrated: Floor };
  runs: Array<{ fcpMs: number; lcpMs: number; hydratedMs: number; zeroJsLcpMs: number | null }>;
}

/** The floor of `fetched` and `mainThreadMs` under Slow 4G (`SLOW_4G`: latency in ms, throughput in bytes per s). */
function computeFloor(fetched: Fetched, mainThreadMs: number): Floor {
  const transferMs = Math.round((fetched.bytes / SLOW_4G.downloadThroughput) * 1000);
  return { ...fetched, transferMs, mainThreadMs, floorMs: SLOW_4G.latency + Math.max(transferMs, mainThreadMs) };
}

/**
 * One load's figures once it has hydrated (unless it is a zero-JavaScript copy), fired `load` and settled: LCP is the
 * buffered observer's last candidate, hydration the shell's `vpf:hydrated` mark (app/lib/use-hydration-marker.ts),
 * `-1` for a copy.
 */
async function readLoad(tab: Page, cdp: CDPSession, hydrates: boolean): Promise<ObservedLoad | null> {
  if (hydrates) {
    // Polled every 100 ms, not every frame: the figures come from the page's own marks, and a check on every frame
    // is main-thread work at 4× during hydration.
    await tab.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, {
      timeout: 60_000,
      polling: 100,
    });
  }
  const { metrics } = await cdp.send("Performance.getMetrics");
  const mainThreadMs = Math.round((metrics.find((metric) => metric.name === "TaskDuration")?.value ?? 0) * 1000);
  await tab.waitForFunction(() => document.readyState === "complete", null, { timeout: 60_000, polling: 100 });
  await waitFor(SETTLE_MS);
  const figures = await tab.evaluate(async () => {
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
    const hydrated = performance.getEntriesByName("vpf:hydrated")[0] ?? { startTime: -1 };
    if (!fcp || !lcp) return null;
    const element = (lcp as PerformanceEntry & { element?: Element | null }).element;
    const describe = (node: Element | null | undefined) =>
      node
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${[...node.classList]
            .slice(0, 2)
            .map((name) => `.${name}`)
            .join("")}`
        : "none";
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const resourceProtocols: Record<string, number> = {};
    for (const entry of resources) {
      if (!entry.name.startsWith(location.origin)) continue;
      const protocol = entry.nextHopProtocol || "unknown";
      resourceProtocols[protocol] = (resourceProtocols[protocol] ?? 0) + 1;
    }
    const fetched = navigation ? [navigation, ...resources] : resources;
    const countFetchedBy = (ms: number) => {
      const ended = fetched.filter((entry) => entry.responseEnd <= ms);
      return { requests: ended.length, bytes: ended.reduce((sum, entry) => sum + entry.transferSize, 0) };
    };
    return {
      fcpMs: fcp.startTime,
      lcpMs: lcp.startTime,
      hydratedMs: hydrated.startTime,
      lcpElement: describe(element),
      protocol: navigation?.nextHopProtocol || "unknown",
      resourceProtocols,
      beforePaint: countFetchedBy(fcp.startTime),
      beforeHydrated: countFetchedBy(hydrated.startTime),
    };
  });
  return figures && { ...figures, mainThreadMs };
}

/** What a stalled page had done: its ready state, paints, scripts still held, modules fetched, hydration. */
async function describeStall(tab: Page | undefined): Promise<string> {
  if (!tab) return "no page";
  try {
    return await tab.evaluate(() => {
      const modules = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) =>
        entry.name.endsWith(".js"),
      );
      return [
        `readyState ${document.readyState}`,
        `paints ${performance.getEntriesByType("paint").length}`,
        `held scripts ${document.querySelectorAll('script[type^="vpf/"]').length}`,
        `modules fetched ${modules.length}`,
        `router context ${"__reactRouterContext" in window ? "set" : "unset"}`,
        `hydrated ${document.documentElement.hasAttribute("data-hydrated")}`,
      ].join(", ");
    });
  } catch (error) {
    return `state unreadable (${String(error).split("\n")[0]})`;
  }
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
  /** One cold load of `path` in a fresh throttled context; `null` when it stalled (logged). */
  const loadOnce = async (path: string, hydrates: boolean): Promise<ObservedLoad | null> => {
    await waitForQuietHost();
    const problems: string[] = [];
    const context = await browser.newContext({
      viewport: MOBILE_VIEWPORT,
      isMobile: true,
      hasTouch: true,
      ignoreHTTPSErrors: true,
    });
    try {
      const tab = await context.newPage();
      tab.on("pageerror", (error) => problems.push(String(error).split("\n")[0]!));
      tab.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text().slice(0, 200));
      });
      const cdp = await context.newCDPSession(tab);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await cdp.send("Performance.enable");
      await tab.goto(`${base}${path}`, { waitUntil: "commit" });
      const load = await readLoad(tab, cdp, hydrates);
      if (!load || (hydrates && load.hydratedMs < 0)) throw new Error("no paint or hydration mark");
      return load;
    } catch (error) {
      // One stalled load (a busy machine) is left out rather than losing the page's other loads; what the page had
      // done by then is logged, so a stall of the page itself can be told from the machine's.
      const state = await describeStall(context.pages()[0]);
      log(
        `observed ${path} load left out: ${String(error).split("\n")[0]}; ${state}; errors: ${problems.join(" | ") || "none"}`,
      );
      return null;
    } finally {
      await context.close();
    }
  };
  try {
    for (const page of options.pages ?? PAGES) {
      const loads: ObservedLoad[] = [];
      const copies: ObservedLoad[] = [];
      const runs: ObservedPage["runs"] = [];
      for (let run = 0; run < options.runs; run++) {
        const load = await loadOnce(page.path, true);
        const copy = await loadOnce(`${ZERO_JS_PREFIX}${page.path}`, false);
        if (load) loads.push(load);
        if (copy) copies.push(copy);
        if (load) {
          const round = Math.round;
          const { fcpMs, lcpMs, hydratedMs } = load;
          runs.push({
            fcpMs: round(fcpMs),
            lcpMs: round(lcpMs),
            hydratedMs: round(hydratedMs),
            zeroJsLcpMs: copy && round(copy.lcpMs),
          });
        }
      }
      if (!loads.length || !copies.length) throw new Error(`no complete observed load of ${page.path} or of its copy`);
      const takeMedian = (of: ObservedLoad[], pick: (load: ObservedLoad) => number) =>
        Math.round(computeMedian(of.map(pick)));
      const lcpMs = takeMedian(loads, (load) => load.lcpMs);
      const zeroJs = {
        loads: copies.length,
        fcpMs: takeMedian(copies, (load) => load.fcpMs),
        lcpMs: takeMedian(copies, (load) => load.lcpMs),
        lcpElement: copies[0]!.lcpElement,
      };
      const entry: ObservedPage = {
        page: page.name,
        path: page.path,
        protocol: loads[0]!.protocol,
        resourceProtocols: loads[0]!.resourceProtocols,
        loads: loads.length,
        fcpMs: takeMedian(loads, (load) => load.fcpMs),
        lcpMs,
        hydratedMs: takeMedian(loads, (load) => load.hydratedMs),
        gapMs: takeMedian(loads, (load) => Math.max(0, load.hydratedMs - load.fcpMs)),
        lcpToHydratedMs: takeMedian(loads, (load) => load.hydratedMs - load.lcpMs),
        lcpElement: loads[0]!.lcpElement,
        zeroJs,
        lcpRatio: Math.round((lcpMs / zeroJs.lcpMs) * 100) / 100,
        // The main thread before paint is not read apart from the rest, so the paint floor is the network's alone.
        floors: {
          paint: computeFloor(
            {
              requests: takeMedian(loads, (l) => l.beforePaint.requests),
              bytes: takeMedian(loads, (l) => l.beforePaint.bytes),
            },
            0,
          ),
          hydrated: computeFloor(
            {
              requests: takeMedian(loads, (l) => l.beforeHydrated.requests),
              bytes: takeMedian(loads, (l) => l.beforeHydrated.bytes),
            },
            takeMedian(loads, (l) => l.mainThreadMs),
          ),
        },
        runs,
      };
      log(
        `observed ${page.path} (${entry.protocol}): FCP ${entry.fcpMs}, LCP ${entry.lcpMs} (zero-JS ${zeroJs.lcpMs}, ×${entry.lcpRatio}), hydrated ${entry.hydratedMs}, gap ${entry.gapMs} ms`,
      );
      results.push(entry);
    }
  } finally {
    await browser.close();
  }
  return results;
}
