/** Measurement 5, load: the five pages mixed under sustained traffic, page cache on. */
import { BROWSER_UA, PAGES, QUICK, log, roundTo, runAutocannon } from "./common.ts";

const LOAD_SECONDS = QUICK ? 5 : 30;
const LOAD_CONNECTIONS = [8, 64] as const;

/** One load run: totals, requests per second, failures, and latencies in ms. */
export interface LoadRun {
  seconds: number;
  connections: number;
  requests: number;
  rps: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

/** Runs autocannon over the five pages mixed for `LOAD_SECONDS`, once per entry of `LOAD_CONNECTIONS`. */
export async function measureLoad(base: string): Promise<LoadRun[]> {
  const results = [];
  for (const connections of LOAD_CONNECTIONS) {
    const result = await runAutocannon({
      url: base,
      connections,
      duration: LOAD_SECONDS,
      headers: { "user-agent": BROWSER_UA },
      requests: PAGES.map((page) => ({ method: "GET", path: page.path })),
    });
    const load = {
      seconds: LOAD_SECONDS,
      connections,
      requests: result.requests.total,
      rps: roundTo(result.requests.average, 1),
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
    };
    log(`load: ${JSON.stringify(load)}`);
    results.push(load);
  }
  return results;
}
