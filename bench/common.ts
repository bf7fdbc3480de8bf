/** What every measurement of the bench shares: pages, phone, throttling, options, paths and small helpers. */
import autocannon from "autocannon";
import { readdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { products } from "../content/products.ts";
import { ROOT } from "../scripts/wrangler.ts";

/** Above this 1-minute load average (two cores), at any moment of a run, its figures are not for quoting. */
export const MAX_QUOTABLE_LOAD = 1.0;

/** The host's 1-minute load average over a run: when it started, its highest sample (every 5 s) and at the end. */
export interface HostLoad {
  start: number;
  max: number;
  end: number;
}

/** Starts sampling the load average; the returned function stops and gives the figures. */
export function watchHostLoad(): () => HostLoad {
  const read = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;
  const start = read();
  let max = start;
  const timer = setInterval(() => (max = Math.max(max, read())), 5000);
  timer.unref();
  return () => {
    clearInterval(timer);
    const end = read();
    return { start, max: Math.max(max, end), end };
  };
}

/** `--quiet-host`: before each measured load, wait for the host to settle, so a run can stay quotable. */
export const QUIET_HOST = hasFlag("quiet-host");

/** The 1-minute load average a measured load waits for under `--quiet-host`, below `MAX_QUOTABLE_LOAD`. */
const SETTLED_LOAD = 0.6;

/**
 * Under `--quiet-host`, waits until the 1-minute load average is at most `SETTLED_LOAD` (checked every second, for
 * `maxWaitMs` at most, then goes on); otherwise returns at once. Each load adds about one busy core for a few
 * seconds, and the average (a 5-second sample, about 8 % weight) then stays under `MAX_QUOTABLE_LOAD`.
 */
export async function waitForQuietHost(maxWaitMs = 60_000): Promise<void> {
  if (!QUIET_HOST) return;
  const deadline = Date.now() + maxWaitMs;
  while ((loadavg()[0] ?? 0) > SETTLED_LOAD && Date.now() < deadline) await waitFor(1000);
}

/** One sentence on a run's load, saying when its figures must not be quoted. */
export function describeHostLoad(load: HostLoad | undefined): string {
  if (!load) return "Load average not recorded.";
  const figures = `Load average ${load.start} at the start, ${load.max} at most, ${load.end} at the end`;
  return load.max > MAX_QUOTABLE_LOAD
    ? `${figures}: ABOVE ${MAX_QUOTABLE_LOAD.toFixed(1)}, NOT FOR QUOTING (a busy host slows every figure).`
    : `${figures}.`;
}

/** The article measured: the first of `content/articles/` by file name, whatever the owner has written. */
export const BENCH_ARTICLE_PATH = `/blog/${readdirSync(path.join(ROOT, "content", "articles"))
  .filter((name) => name.endsWith(".md"))
  .sort()[0]!
  .replace(/\.md$/, "")}`;

/** The product measured: the catalogue's first with a choice to make (else its first), whatever the owner sells. */
export const BENCH_PRODUCT_PATH = `/product/${(products.find((product) => product.options.length > 0) ?? products[0]!).id}`;

/** The five pages measured, with their kind (content or store) for the JS budget. */
export const PAGES = [
  { name: "home", path: "/", kind: "content" },
  { name: "blog", path: "/blog", kind: "content" },
  { name: "article", path: BENCH_ARTICLE_PATH, kind: "content" },
  { name: "store", path: "/store", kind: "store" },
  { name: "product", path: BENCH_PRODUCT_PATH, kind: "store" },
] as const;

/** One of `PAGES`. */
export type BenchPage = (typeof PAGES)[number];

/** The phone's viewport, in CSS pixels. */
export const MOBILE_VIEWPORT = { width: 390, height: 844 };

/** A current desktop Chrome's User-Agent, so the worker treats requests as a browser's, not a bot's. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** DevTools' Slow 4G for CDP `Network.emulateNetworkConditions`: latency in ms, throughputs in bytes per second. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };

/** CPU slowdown factor for CDP `Emulation.setCPUThrottlingRate`. */
export const CPU_SLOWDOWN = 4;

/** Whether `--name` is on the command line. */
export function hasFlag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

/** The value of `--name value` or `--name=value`, else the environment variable `env` when set, else `undefined`. */
export function readOption(name: string, env?: string): string | undefined {
  const args = process.argv;
  for (let index = 0; index < args.length; index++) {
    if (args[index] === `--${name}`) return args[index + 1];
    if (args[index]!.startsWith(`--${name}=`)) return args[index]!.slice(name.length + 3);
  }
  return env ? process.env[env] || undefined : undefined;
}

/** `--quick`: short runs for trying a change, not for quoting. */
export const QUICK = hasFlag("quick");

/** Runs behind each median of measurements 1, 1b and 7. */
export const RUNS = 3;

/** The built site's static files. */
export const CLIENT_DIR = path.join(ROOT, "build", "client");

/** Where the bench writes its results (`latest.*`, `served-*`). */
export const RESULTS_DIR = path.join(ROOT, "bench", "results");

/** The body of `url` fetched with the browser User-Agent; throws when the answer is not 2xx. */
export async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { headers: { "user-agent": BROWSER_UA } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** One autocannon run, as a promise of its result (requests per second, latencies in ms). */
export async function runAutocannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The median of `values` (the mean of the middle two for an even count). */
export function computeMedian(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `value` rounded to `digits` decimals. */
export function roundTo(value: number, digits = 2): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

export function log(message: string): void {
  console.log(`[bench] ${message}`);
}

/** Resolves after `ms` milliseconds. */
export function waitFor(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
