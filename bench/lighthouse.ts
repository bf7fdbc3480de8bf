/**
 * Lighthouse's default mobile preset over HTTP/1.1 or the HTTPS + HTTP/2 front; the columns differ because its
 * simulation models an h1 origin as up to six fresh connections and an h2 origin as one.
 */
import type * as ChromeLauncher from "chrome-launcher";
import type runLighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { type BenchPage, PAGES, log, roundTo, waitForQuietHost } from "./common.ts";

/** One Lighthouse run's figures (ms, scores out of 100). */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  lcpMs: number;
  /** Time to interactive (Lighthouse's `interactive` audit, no longer in the score but still measured). */
  ttiMs: number;
  /** CSS selector of the largest contentful paint element, or `null` when Lighthouse names none. */
  lcpElement: string | null;
  /** The main document's protocol (`http/1.1`, `h2`) and same-origin requests per protocol, e.g. `{ h2: 21 }`. */
  protocol: string;
  protocols: Record<string, number>;
  /** The host's speed: the 4× CPU slowdown assumes 1500-2000, so a lower figure means the run was over-throttled. */
  benchmarkIndex: number;
}

/** A page's figures: those of its median run by performance score, with every run's score. */
export type LighthousePage = LighthouseRun & { page: string; path: string; performanceRuns: number[] };

interface NetworkRequestItem {
  url: string;
  protocol?: string;
}

/** The LCP element's selector from a Lighthouse result (the LCP breakdown insight names its node). */
function findLcpSelector(lhr: { audits: Record<string, { details?: unknown }> }): string | null {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (found.length || value === null || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    if (record.type === "node" && typeof record.selector === "string") {
      found.push(record.selector);
      return;
    }
    for (const child of Object.values(record)) visit(child);
  };
  visit(lhr.audits["largest-contentful-paint-element"]?.details);
  visit(lhr.audits["lcp-breakdown-insight"]?.details);
  return found[0] ?? null;
}

/** The main document's protocol and the same-origin requests counted by protocol, from the `network-requests` audit. */
function readProtocols(
  lhr: { audits: Record<string, { details?: unknown }>; finalDisplayedUrl: string },
  origin: string,
): { protocol: string; protocols: Record<string, number> } {
  const items = ((lhr.audits["network-requests"]?.details as { items?: NetworkRequestItem[] } | undefined)?.items ??
    []) as NetworkRequestItem[];
  const protocols: Record<string, number> = {};
  for (const item of items) {
    if (!item.url.startsWith(origin)) continue;
    const protocol = item.protocol || "unknown";
    protocols[protocol] = (protocols[protocol] ?? 0) + 1;
  }
  const documentItem = items.find((item) => item.url === lhr.finalDisplayedUrl) ?? items[0];
  return { protocol: documentItem?.protocol || "unknown", protocols };
}

/** One Lighthouse run in a fresh Chromium: its figures and failing binary audits, or Lighthouse's runtime error. */
async function runLighthouseOnce(
  lighthouse: typeof runLighthouse,
  chromeLauncher: typeof ChromeLauncher,
  url: string,
  origin: string,
  secure: boolean,
): Promise<{ run: LighthouseRun; failing: string[] } | { error: string }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS, ...(secure ? ["--ignore-certificate-errors"] : [])],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    const lhr = result?.lhr;
    if (!lhr) return { error: "no Lighthouse result" };
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
      .map((audit) => audit.id);
    return {
      failing,
      run: {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
        cls: roundTo(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0, 4),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        ttiMs: Math.round(lhr.audits["interactive"]?.numericValue ?? 0),
        lcpElement: findLcpSelector(lhr),
        ...readProtocols(lhr, origin),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      },
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Runs Lighthouse `runs` times on each page of `base`; a page's figures are its median run by performance (ties
 * broken by LCP), not medians of separate metrics. Scores out of 100, times in ms, CLS unitless.
 */
export async function measureLighthouse(
  base: string,
  options: { runs: number; pages?: ReadonlyArray<BenchPage>; label?: string },
): Promise<LighthousePage[]> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const origin = new URL(base).origin;
  const secure = origin.startsWith("https:");
  const label = options.label ?? (secure ? "h2" : "h1");
  const results: LighthousePage[] = [];
  for (const page of options.pages ?? PAGES) {
    const runs: LighthouseRun[] = [];
    for (let run = 0; run < options.runs; run++) {
      // A run Lighthouse itself reports as broken (e.g. NO_NAVSTART on a busy machine) is tried again, twice at most.
      for (let attempt = 1; ; attempt++) {
        await waitForQuietHost();
        const measured = await runLighthouseOnce(lighthouse, chromeLauncher, `${base}${page.path}`, origin, secure);
        if ("error" in measured) {
          log(`lighthouse ${label} ${page.path} run ${run + 1} attempt ${attempt}: ${measured.error}`);
          if (attempt < 3) continue;
          throw new Error(`Lighthouse on ${page.path} failed 3 times: ${measured.error}`);
        }
        runs.push(measured.run);
        if (measured.failing.length) {
          log(`lighthouse ${label} ${page.path} run ${run + 1}: failing audits: ${measured.failing.join(", ")}`);
        }
        break;
      }
    }
    const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
    const entry: LighthousePage = {
      page: page.name,
      path: page.path,
      ...sorted[Math.floor((sorted.length - 1) / 2)]!,
      performanceRuns: runs.map((run) => run.performance),
    };
    log(`lighthouse ${label} ${page.path}: ${JSON.stringify(entry)}`);
    results.push(entry);
  }
  return results;
}
