/**
 * Measurement 1, SSR throughput: each page's requests per second against a static copy of its HTML served by the
 * same worker in the same run, so the machine's noise cancels out of the ratio.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BROWSER_UA, CLIENT_DIR, PAGES, QUICK, RUNS, computeMedian, log, roundTo, runAutocannon } from "./common.ts";

/** autocannon connections per throughput run. */
export const CONNECTIONS = 8;
const THROUGHPUT_SECONDS = QUICK ? 1 : 5;

/** Where the static copies live while the bench runs: served by the assets binding at `/__bench/`. */
const SNAPSHOT_DIR = path.join(CLIENT_DIR, "__bench");

/** The smallest page served (no loader data, no shell): its ratio is what a render costs before our pages add to it. */
export const FLOOR_PAGE = { name: "please-hold", path: "/please-hold" } as const;

/** One page's throughput in one pass: requests per second (medians), and the ratio of each run. */
export interface ThroughputPage {
  page: string;
  path: string;
  rps: number;
  staticRps: number;
  /** Median of the per-run ratios page / static copy. */
  ratio: number;
  ratios: number[];
}

/** Both passes of one page side by side: the cached pass and the full-render pass, in requests per second. */
export interface ThroughputRow {
  page: string;
  path: string;
  cachedRps: number;
  cachedStaticRps: number;
  cachedRatio: number;
  fullRps: number;
  fullStaticRps: number;
  fullRatio: number;
}

/**
 * Saves each page's HTML (keyed by page name) as `build/client/__bench/{name}.htm`.
 * `.htm`, never `.html`: the assets binding answers `*.html` with a redirect.
 */
export function writeStaticCopies(htmlByPage: Record<string, string>): void {
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  for (const [name, html] of Object.entries(htmlByPage)) writeFileSync(path.join(SNAPSHOT_DIR, `${name}.htm`), html);
}

/** Removes the static copies from the build. */
export function removeStaticCopies(): void {
  rmSync(SNAPSHOT_DIR, { recursive: true, force: true });
}

/**
 * Requests per second of each page against its static copy, `RUNS` times; `mode` only labels the log with how the
 * server was started. Throws when a response is not 2xx or autocannon counts errors.
 */
export async function measureThroughput(
  base: string,
  mode: "cached" | "full",
  pages: ReadonlyArray<{ name: string; path: string }> = PAGES,
): Promise<ThroughputPage[]> {
  const results = [];
  for (const page of pages) {
    const ratios: number[] = [];
    const dynamic: number[] = [];
    const staticRps: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const common = { connections: CONNECTIONS, duration: THROUGHPUT_SECONDS, headers: { "user-agent": BROWSER_UA } };
      const d = await runAutocannon({ ...common, url: `${base}${page.path}` });
      const s = await runAutocannon({ ...common, url: `${base}/__bench/${page.name}.htm` });
      if (d.non2xx || s.non2xx || d.errors || s.errors) throw new Error(`non-2xx or errors measuring ${page.path}`);
      dynamic.push(d.requests.average);
      staticRps.push(s.requests.average);
      ratios.push(d.requests.average / s.requests.average);
    }
    const entry = {
      page: page.name,
      path: page.path,
      rps: roundTo(computeMedian(dynamic), 1),
      staticRps: roundTo(computeMedian(staticRps), 1),
      ratio: roundTo(computeMedian(ratios), 3),
      ratios: ratios.map((r) => roundTo(r, 3)),
    };
    log(`throughput (${mode}) ${page.path}: ${entry.rps} rps vs ${entry.staticRps} static → ${entry.ratio}`);
    results.push(entry);
  }
  return results;
}

/** Joins the two passes over `PAGES` (each in `PAGES` order) into one row per page. */
export function joinThroughput(cached: ThroughputPage[], full: ThroughputPage[]): ThroughputRow[] {
  return PAGES.map((page, index) => ({
    page: page.name,
    path: page.path,
    cachedRps: cached[index]!.rps,
    cachedStaticRps: cached[index]!.staticRps,
    cachedRatio: cached[index]!.ratio,
    fullRps: full[index]!.rps,
    fullStaticRps: full[index]!.staticRps,
    fullRatio: full[index]!.ratio,
  }));
}
