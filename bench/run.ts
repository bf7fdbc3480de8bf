/**
 * `npm run bench`: builds the site, serves the built worker with `wrangler dev`
 * on a free local port, measures it, stops it, and writes
 * `bench/results/latest.json`, `bench/results/latest.md` and
 * `bench/results/throughput.svg`. Not part of `npm test`.
 *
 * Measurements (every figure a median of at least 3 runs, every speed figure
 * a ratio taken side by side in the same run):
 * 1. SSR throughput of five pages against the same HTML served as a static
 *    `.htm` asset by the same worker (autocannon, 8 connections, browser UA),
 *    twice: with the page cache on (as visitors get it) and with
 *    `HTML_CACHE_TTL_MS=0` (every request a full render).
 * 2. JavaScript fetched by the time the page is idle: gzip bytes of every
 *    script, modulepreload and lazy chunk Chromium loads without a visitor's
 *    action (mobile viewport); image bytes of the same load.
 * 3. Lighthouse (mobile preset, Debian Chromium): each page's figures come
 *    from its median run (by performance score), LCP element included.
 * 4. Streaming: time to first byte vs last byte of an article page.
 * 5. Load: 30 s over the five pages mixed, at 8 and at 64 connections.
 * 6. HTML size: each page's response as it crosses the wire over HTTP/1.1
 *    (status line, headers, the gzip body and its chunk framing), a
 *    page-cache hit as most visitors get it, against one initial congestion
 *    window (RFC 6928: 10 × 1,460 = 14,600 bytes), for the five pages and
 *    for every page in the sitemap (the largest is reported); and the
 *    document alone at gzip -9.
 * 7. Interactive when painted: in Chromium with Slow 4G (150 ms RTT,
 *    1.6 Mbit/s down) and a 4× slower CPU, the time from the first
 *    contentful paint to hydration (`data-hydrated` on `<html>`); and the
 *    lost-interaction check: Add to Cart clicked 200 ms after the first
 *    paint of the product page must leave exactly one line of quantity 1.
 * 8. As served (bench/served.ts): Lighthouse through a local HTTPS + HTTP/2
 *    front beside measurement 3's HTTP/1.1, and observed FCP, LCP and
 *    hydration in throttled Chromium over HTTP/2.
 *
 * Options: `--quick` (1 s throughput runs, 5 s load, 1 Lighthouse run; for
 * trying changes, not for the report), `--skip-lighthouse`, `--report-only`
 * (rewrite the Markdown and chart from `latest.json`), `--only served` (only
 * measurement 8, of this checkout or of `--root DIR`, written as
 * `results/served-{label}.json`; see bench/served.ts) and `--only compare
 * --labels a,b` (those results side by side).
 */
import type { Page } from "@playwright/test";
import autocannon from "autocannon";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { ROOT, findFreePort } from "../scripts/wrangler.ts";
import { BUDGETS } from "./budgets.ts";
import {
  BROWSER_UA,
  CPU_SLOWDOWN,
  MOBILE_VIEWPORT,
  PAGES,
  QUICK,
  SLOW_4G,
  computeMedian,
  hasFlag,
  log,
  readOption,
  roundTo,
} from "./common.ts";
import { type DevServer, buildSite, startDevServer, stopDevServer } from "./dev-server.ts";
import { startHttpsFront } from "./https-front.ts";
import { measureLighthouse } from "./lighthouse.ts";
import {
  type ServedFigures,
  measureServed,
  renderServedMarkdown,
  runServedBench,
  runServedComparison,
} from "./served.ts";

const SKIP_LIGHTHOUSE = hasFlag("skip-lighthouse");
const REPORT_ONLY = hasFlag("report-only");
const RUNS = 3;
const THROUGHPUT_SECONDS = QUICK ? 1 : 5;
const LOAD_SECONDS = QUICK ? 5 : 30;
const LIGHTHOUSE_RUNS = QUICK ? 1 : 3;
/** Observed loads per page over HTTP/2 (measurement 8). */
const OBSERVED_RUNS = QUICK ? 3 : 5;
const CONNECTIONS = 8;
const LOAD_CONNECTIONS = [8, 64] as const;
/** Quiet network time after which a page counts as idle, and the longest wait for it, in ms. */
const IDLE_QUIET_MS = 2000;
const IDLE_MAX_MS = 20_000;
const CLIENT_DIR = path.join(ROOT, "build", "client");
const SNAPSHOT_DIR = path.join(CLIENT_DIR, "__bench");
const RESULTS_DIR = path.join(ROOT, "bench", "results");
const PERSIST_DIR = path.join(ROOT, ".wrangler", "bench-state");

/**
 * The floor of a full render: the smallest page React Router serves here
 * (the bare layout, no loader data, no site shell). Its ratio to its own
 * static copy is what a render costs before any page of ours adds to it.
 */
const FLOOR_PAGE = { name: "please-hold", path: "/please-hold" } as const;

const median = computeMedian;
const round = roundTo;

/** Serves this checkout's build on `port`; `cache: false` sets `HTML_CACHE_TTL_MS=0`. */
function startServer(port: number, { cache }: { cache: boolean }): Promise<DevServer> {
  return startDevServer({ port, cache, persistDir: PERSIST_DIR });
}

const stopServer = stopDevServer;

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { headers: { "user-agent": BROWSER_UA } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

async function runAutocannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * 1. Requests per second of each page against its static `.htm` copy, side
 * by side on the same server. `mode` says what the server was started with:
 * "cached" (the page cache on: repeats are cache hits) or "full"
 * (`HTML_CACHE_TTL_MS=0`: every request a full render).
 */
async function measureThroughput(
  base: string,
  mode: "cached" | "full",
  pages: ReadonlyArray<{ name: string; path: string }> = PAGES,
) {
  const results = [];
  for (const page of pages) {
    const ratios: number[] = [];
    const dynamic: number[] = [];
    const staticRps: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const common = { connections: CONNECTIONS, duration: THROUGHPUT_SECONDS, headers: { "user-agent": BROWSER_UA } };
      const d = await runAutocannon({ ...common, url: `${base}${page.path}` });
      // `.htm`, never `.html`: the assets binding answers `*.html` with a redirect, which must not be timed.
      const s = await runAutocannon({ ...common, url: `${base}/__bench/${page.name}.htm` });
      if (d.non2xx || s.non2xx || d.errors || s.errors) throw new Error(`non-2xx or errors measuring ${page.path}`);
      dynamic.push(d.requests.average);
      staticRps.push(s.requests.average);
      ratios.push(d.requests.average / s.requests.average);
    }
    const entry = {
      page: page.name,
      path: page.path,
      rps: round(median(dynamic), 1),
      staticRps: round(median(staticRps), 1),
      ratio: round(median(ratios), 3),
      ratios: ratios.map((r) => round(r, 3)),
    };
    log(`throughput (${mode}) ${page.path}: ${entry.rps} rps vs ${entry.staticRps} static → ${entry.ratio}`);
    results.push(entry);
  }
  return results;
}

/** Both throughput passes joined per page. */
function joinThroughput(
  cached: Awaited<ReturnType<typeof measureThroughput>>,
  full: Awaited<ReturnType<typeof measureThroughput>>,
) {
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

/** Pages whose full render is profiled, and how many renders each profile covers. */
const PROFILED_PAGES = ["/blog", "/blog/build-an-emergency-fund"] as const;
const PROFILED_RENDERS = QUICK ? 60 : 300;
/** The profiler's sampling interval, in µs. */
const SAMPLING_INTERVAL_US = 200;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/**
 * 1b. Render cost: CPU time per full render, from the worker's own CPU
 * profile (the V8 inspector `wrangler dev` opens on `inspectorPort`).
 * Every sample that is not idle counts; `top` names the functions with the
 * most self time, by bundle file, so a change in our code shows up beside the
 * framework's. Each figure is the median of `RUNS` profiles.
 */
async function measureRenderCost(base: string, inspectorPort: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/ws`, {
    headers: { Origin: `http://127.0.0.1:${inspectorPort}` },
  } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error("could not reach the worker's inspector")), { once: true });
  });
  let nextId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  const render = async (pagePath: string) => {
    await (await fetch(`${base}${pagePath}`, { headers: { "user-agent": BROWSER_UA } })).arrayBuffer();
  };

  const results = [];
  try {
    await send("Profiler.enable");
    await send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
    for (const pagePath of PROFILED_PAGES) {
      for (let warm = 0; warm < 30; warm++) await render(pagePath);
      const perRender: number[] = [];
      const self = new Map<string, number>();
      for (let run = 0; run < RUNS; run++) {
        await send("Profiler.start");
        for (let index = 0; index < PROFILED_RENDERS; index++) await render(pagePath);
        const { profile } = await send<{ profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } }>(
          "Profiler.stop",
        );
        const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
        let busyUs = 0;
        profile.samples.forEach((sample, index) => {
          const frame = nodes.get(sample)!.callFrame;
          if (frame.functionName === "(idle)" || frame.functionName === "(program)") return;
          const delta = profile.timeDeltas[index] ?? 0;
          busyUs += delta;
          const file = frame.url.split("/").pop() || "native";
          const key = `${frame.functionName || "(anonymous)"} (${file.replace(/-[\w-]{8}\.js$/, ".js")})`;
          self.set(key, (self.get(key) ?? 0) + delta);
        });
        perRender.push(busyUs / 1000 / PROFILED_RENDERS);
      }
      const cpuMs = round(median(perRender), 2);
      const top = [...self.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([name, us]) => ({ name, cpuMs: round(us / 1000 / PROFILED_RENDERS / RUNS, 3) }));
      log(`render cost ${pagePath}: ${cpuMs} CPU ms per render (${perRender.map((ms) => round(ms, 2)).join(", ")})`);
      results.push({ path: pagePath, cpuMs, runs: perRender.map((ms) => round(ms, 2)), top });
    }
    await send("Profiler.disable");
  } finally {
    socket.close();
  }
  return results;
}

/**
 * 2. What a phone fetches without the visitor doing anything: Chromium opens
 * each page at a mobile viewport and waits until the network has been quiet
 * for `IDLE_QUIET_MS`. JavaScript is the gzip size (level 9) of every `.js`
 * file it fetched (scripts, modulepreloads and lazy chunks alike), read from
 * `build/client`; images are the bytes it received for them.
 */
async function measureJavaScript(base: string) {
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
      const kb = round(bytes / 1000, 1);
      const imageKb = round(imageBytes / 1000, 1);
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

/**
 * Measurement 7: for each page, the median over `RUNS` loads of the first
 * contentful paint, hydration, and the gap between them (ms since
 * navigation start); then the lost-interaction check on the product page.
 */
async function measureInteractivity(base: string) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
        fcpMs: Math.round(median(fcp)),
        hydratedMs: Math.round(median(hydrated)),
        gapMs: Math.round(median(gaps)),
      };
      log(
        `interactive ${page.path}: painted ${entry.fcpMs} ms, hydrated ${entry.hydratedMs} ms, gap ${entry.gapMs} ms`,
      );
      pages.push(entry);
    }
    const { context, tab } = await openThrottled();
    await tab.goto(`${base}/product/vpf-tee`, { waitUntil: "commit" });
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

/**
 * Bytes of one HTML response on the wire: the raw HTTP/1.1 exchange as a
 * browser asking for gzip receives it (status line, headers, the compressed
 * body with its chunk framing), counted on a plain socket.
 */
function fetchWireBytes(base: string, pathname: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUser-Agent: ${BROWSER_UA}\r\n` +
          "Accept: text/html\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: close\r\n\r\n",
      );
    });
    socket.on("data", (chunk: Buffer) => (bytes += chunk.length));
    socket.on("end", () => resolve(bytes));
    socket.on("error", reject);
  });
}

/**
 * 6. Each page's response size on the wire, a page-cache hit (the third
 * request), once for every page the sitemap lists and the five pages; the
 * five are reported each, and the largest of the sitemap's.
 */
async function measureWireSize(base: string, htmlByPage: Record<string, string>) {
  const sitemap = await fetchText(`${base}/sitemap.xml`);
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const wireBytesByPath = new Map<string, number>();
  for (const pathname of new Set([...PAGES.map((page) => page.path), ...paths])) {
    for (let i = 0; i < 2; i++) await fetchWireBytes(base, pathname);
    wireBytesByPath.set(pathname, await fetchWireBytes(base, pathname));
  }
  const pages = PAGES.map((page) => ({
    page: page.name,
    gzipKb: round(gzipSync(Buffer.from(htmlByPage[page.name]!), { level: 9 }).length / 1000, 1),
    wireBytes: wireBytesByPath.get(page.path)!,
  }));
  let largest = { path: "", wireBytes: 0 };
  for (const pathname of paths) {
    const wireBytes = wireBytesByPath.get(pathname)!;
    if (wireBytes > largest.wireBytes) largest = { path: pathname, wireBytes };
  }
  log(`wire size: ${JSON.stringify(pages)}; largest of ${paths.length}: ${JSON.stringify(largest)}`);
  return { pages, sitemapPages: paths.length, largest };
}

/**
 * 4. Time to first byte and to last byte of the article page, browser UA,
 * on the server started with the page cache off (a full render each time).
 */
async function measureStreaming(base: string) {
  const firsts: number[] = [];
  const lasts: number[] = [];
  const chunkCounts: number[] = [];
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    const response = await fetch(`${base}${PAGES[2].path}`, { headers: { "user-agent": BROWSER_UA } });
    const reader = response.body!.getReader();
    let first = -1;
    let chunks = 0;
    for (;;) {
      const { done } = await reader.read();
      if (first < 0) first = performance.now() - started;
      if (done) break;
      chunks++;
    }
    firsts.push(first);
    lasts.push(performance.now() - started);
    chunkCounts.push(chunks);
  }
  const result = {
    page: PAGES[2].path,
    ttfbMs: round(median(firsts), 1),
    ttlbMs: round(median(lasts), 1),
    chunks: median(chunkCounts),
  };
  log(`streaming: ${JSON.stringify(result)}`);
  return result;
}

/** 5. Mixed load over the five pages (page cache on), once per entry of `LOAD_CONNECTIONS`. */
async function measureLoad(base: string) {
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
      rps: round(result.requests.average, 1),
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

/** Bar chart: per page, the cache-hit and the full-render ratio to static, with both budgets. */
function renderSvg(throughput: Report["throughput"]): string {
  const width = 640;
  const barHeight = 16;
  const groupGap = 14;
  const top = 58;
  const left = 90;
  const scale = (width - left - 60) / 1.6;
  const colours = { cached: "#1d4ed8", full: "#047857" };
  const rows = throughput
    .map((entry, index) => {
      const y = top + index * (2 * barHeight + groupGap);
      const bar = (ratio: number, dy: number, colour: string, pass: boolean) => {
        const w = Math.max(1, ratio * scale);
        const label = `${ratio.toFixed(2)}${pass ? "" : " ✗"}`;
        return `<rect x="${left}" y="${y + dy}" width="${w.toFixed(1)}" height="${barHeight - 2}" fill="${colour}"/><text x="${(left + w + 6).toFixed(1)}" y="${y + dy + 12}" font-size="12">${label}</text>`;
      };
      return [
        `<text x="${left - 10}" y="${y + barHeight + 4}" text-anchor="end">${entry.page}</text>`,
        bar(entry.cachedRatio, 0, colours.cached, entry.cachedRatio >= BUDGETS.cachedThroughputRatio),
        bar(entry.fullRatio, barHeight, colours.full, entry.fullRatio >= BUDGETS.throughputRatio),
      ].join("");
    })
    .join("");
  const height = top + throughput.length * (2 * barHeight + groupGap) + 20;
  const budgetLine = (ratio: number, colour: string) => {
    const x = (left + ratio * scale).toFixed(1);
    return `<line x1="${x}" y1="${top - 6}" x2="${x}" y2="${height - 14}" stroke="${colour}" stroke-dasharray="4 4"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="14" role="img" aria-label="SSR throughput per page, cache hit and full render, as a ratio to the static copy">
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="${left}" y="22" font-weight="700">SSR throughput / static copy, per page</text>
<rect x="${left}" y="32" width="12" height="12" fill="${colours.cached}"/><text x="${left + 18}" y="43" font-size="12">cache hit (budget ≥ ${BUDGETS.cachedThroughputRatio})</text>
<rect x="${left + 220}" y="32" width="12" height="12" fill="${colours.full}"/><text x="${left + 238}" y="43" font-size="12">full render (budget ≥ ${BUDGETS.throughputRatio})</text>
${rows}
${budgetLine(BUDGETS.cachedThroughputRatio, colours.cached)}
${budgetLine(BUDGETS.throughputRatio, colours.full)}
</svg>
`;
}

function mark(ok: boolean): string {
  return ok ? "✅" : "❌";
}

/** Whether the Lighthouse results meet the performance budget: 100 everywhere, one point less on at most one page. */
function meetsPerformanceBudget(lighthouse: NonNullable<Report["lighthouse"]>): boolean {
  const below = lighthouse.filter((l) => l.performance < BUDGETS.lighthousePerformance);
  return (
    below.length <= 1 &&
    below.every((l) => l.performance >= BUDGETS.lighthousePerformance - BUDGETS.lighthousePerformanceSlack)
  );
}

function renderMarkdown(report: Report): string {
  const lines: string[] = [];
  lines.push(`# Benchmark results`, "");
  lines.push(
    `Measured ${report.measuredAt} on ${report.machine}. Medians of ${RUNS}+ runs.${report.quick ? " QUICK RUN: not for quoting." : ""}`,
    "",
  );
  lines.push("![SSR throughput per page, cache hit and full render](throughput.svg)", "");
  lines.push(`## SSR throughput (${CONNECTIONS} connections, browser UA)`, "");
  lines.push(
    `| page | cache hit rps | static rps | ratio | budget ≥ ${BUDGETS.cachedThroughputRatio} | full render rps | static rps | ratio | budget ≥ ${BUDGETS.throughputRatio} |`,
    "| --- | ---: | ---: | ---: | :---: | ---: | ---: | ---: | :---: |",
  );
  for (const t of report.throughput) {
    lines.push(
      `| ${t.path} | ${t.cachedRps} | ${t.cachedStaticRps} | ${t.cachedRatio.toFixed(3)} | ${mark(t.cachedRatio >= BUDGETS.cachedThroughputRatio)} | ${t.fullRps} | ${t.fullStaticRps} | ${t.fullRatio.toFixed(3)} | ${mark(t.fullRatio >= BUDGETS.throughputRatio)} |`,
    );
  }
  lines.push(
    "",
    "Each ratio is the page's requests per second over its static `.htm` copy served by the same worker in the same run. Cache hit: the server as deployed (repeats come from the page cache). Full render: the server started with `HTML_CACHE_TTL_MS=0`, so every request is a React render.",
  );
  if (report.floor) {
    lines.push(
      "",
      `Floor of a full render: ${report.floor.path} (the bare layout, no loader data, no site shell) at ${report.floor.rps} rps against ${report.floor.staticRps} static, ratio ${report.floor.ratio.toFixed(3)} (runs ${report.floor.ratios.join(", ")}).`,
    );
  }
  lines.push("", "## JavaScript and images fetched by the time the page is idle (mobile viewport)", "");
  lines.push(
    "| page | JS files | JS kB gzip | budget | supabase-js | cart drawer | within budget | images | image kB |",
    "| --- | ---: | ---: | ---: | :---: | :---: | :---: | ---: | ---: |",
  );
  for (const j of report.javascript) {
    const ok = j.gzipKb <= j.budgetKb && !j.hasSupabase && (j.kind === "store" || !j.hasDrawer);
    lines.push(
      `| ${j.page} | ${j.files} | ${j.gzipKb} | ${j.budgetKb} | ${j.hasSupabase ? "present" : "absent"} | ${j.hasDrawer ? "present" : "absent"} | ${mark(ok)} | ${j.images} | ${j.imageKb} |`,
    );
  }
  lines.push(
    "",
    "Scripts, modulepreloads and every lazy chunk Chromium fetched without a visitor's action until the network was quiet for 2 s.",
  );
  if (report.lighthouse) {
    lines.push("", "## Lighthouse (mobile preset, the median run of each page)", "");
    lines.push(
      "| page | performance (runs) | accessibility | best practices | SEO | CLS | TBT ms | FCP ms | LCP ms | TTI ms | LCP element | within budget |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | :---: |",
    );
    for (const l of report.lighthouse) {
      const ok =
        l.performance >= BUDGETS.lighthousePerformance - BUDGETS.lighthousePerformanceSlack &&
        l.accessibility >= BUDGETS.lighthouseAccessibility &&
        l.bestPractices >= BUDGETS.lighthouseBestPractices &&
        l.seo >= BUDGETS.lighthouseSeo &&
        l.cls <= BUDGETS.cls &&
        l.tbtMs <= BUDGETS.tbtMs &&
        l.lcpMs <= BUDGETS.lcpMs &&
        l.ttiMs <= BUDGETS.ttiMs;
      lines.push(
        `| ${l.page} | ${l.performance} (${l.performanceRuns.join(", ")}) | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.cls} | ${l.tbtMs} | ${l.fcpMs} | ${l.lcpMs} | ${l.ttiMs} | \`${l.lcpElement ?? "none"}\` | ${mark(ok)} |`,
      );
    }
    lines.push(
      "",
      `Budgets: performance ${BUDGETS.lighthousePerformance} on every page (${BUDGETS.lighthousePerformance - BUDGETS.lighthousePerformanceSlack} allowed on at most one): ${mark(meetsPerformanceBudget(report.lighthouse))}; LCP ≤ ${BUDGETS.lcpMs} ms; TTI ≤ ${BUDGETS.ttiMs} ms; TBT ≤ ${BUDGETS.tbtMs} ms; CLS ≤ ${BUDGETS.cls}; accessibility, best practices and SEO ${BUDGETS.lighthouseAccessibility}.`,
    );
  }
  if (report.renderCost) {
    lines.push("", "## Render cost (page cache off, the worker's CPU profile)", "");
    lines.push("| page | CPU ms per render | runs | most self time (ms per render) |", "| --- | ---: | --- | --- |");
    for (const cost of report.renderCost) {
      const top = cost.top
        .slice(0, 5)
        .map((entry) => `${entry.name.replaceAll("|", "\\|")} ${entry.cpuMs}`)
        .join("; ");
      lines.push(`| ${cost.path} | ${cost.cpuMs} | ${cost.runs.join(", ")} | ${top} |`);
    }
    lines.push(
      "",
      `Every non-idle sample of the V8 profiler (one sample per ${SAMPLING_INTERVAL_US} µs) over ${PROFILED_RENDERS} sequential renders, median of ${RUNS} profiles; the profiler's own overhead is included, so compare these figures with each other, not with a production CPU limit.`,
    );
  }
  if (report.html && !Array.isArray(report.html)) {
    const { pages, sitemapPages, largest } = report.html;
    const budget = BUDGETS.htmlWireBytes;
    lines.push("", "## HTML size (one round trip)", "");
    lines.push(
      `| page | bytes on the wire | budget ≤ ${budget} | document alone, gzip -9 kB |`,
      "| --- | ---: | :---: | ---: |",
    );
    for (const h of pages) lines.push(`| ${h.page} | ${h.wireBytes} | ${mark(h.wireBytes <= budget)} | ${h.gzipKb} |`);
    lines.push(
      `| largest of the ${sitemapPages} sitemap pages: ${largest.path} | ${largest.wireBytes} | ${mark(largest.wireBytes <= budget)} | |`,
      "",
      "Bytes on the wire: the HTTP/1.1 response to a browser asking for gzip, a page-cache hit (status line, headers with the page's CSP, the gzip body and its chunk framing), against one initial congestion window (RFC 6928: 10 × 1,460 bytes).",
    );
  }
  if (report.interactivity) {
    lines.push("", "## Interactive when painted (Slow 4G, 4× CPU, mobile viewport)", "");
    lines.push(
      `| page | first contentful paint ms | hydrated ms | gap ms | budget ≤ ${BUDGETS.paintToHydratedMs} |`,
      "| --- | ---: | ---: | ---: | :---: |",
    );
    for (const i of report.interactivity.pages) {
      lines.push(
        `| ${i.page} | ${i.fcpMs} | ${i.hydratedMs} | ${i.gapMs} | ${mark(i.gapMs <= BUDGETS.paintToHydratedMs)} |`,
      );
    }
    const lost = report.interactivity.lostInteraction;
    lines.push(
      "",
      `Lost-interaction check: Add to Cart clicked 200 ms after the product page's first paint (${lost.clickedBeforeHydration ? "before" : "after"} hydration) left lines of quantity [${lost.quantities.join(", ")}]: ${mark(lost.ok)}.`,
    );
  }
  if (report.served) lines.push(...renderServedMarkdown(report.served));
  lines.push("", "## Streaming", "");
  lines.push(
    `Article page (${report.streaming.page}, full render): first byte after ${report.streaming.ttfbMs} ms, last byte after ${report.streaming.ttlbMs} ms, in ${report.streaming.chunks} chunks.`,
  );
  lines.push("", "## Load (page cache on, the five pages mixed)", "");
  lines.push(
    "| connections | seconds | requests | rps | errors | timeouts | non-2xx | p50 ms | p99 ms | clean |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |",
  );
  for (const l of report.load) {
    lines.push(
      `| ${l.connections} | ${l.seconds} | ${l.requests} | ${l.rps} | ${l.errors} | ${l.timeouts} | ${l.non2xx} | ${l.latencyP50Ms} | ${l.latencyP99Ms} | ${mark(l.errors === 0 && l.non2xx === 0 && l.timeouts === 0)} |`,
    );
  }
  lines.push("");
  return lines.join("\n");
}

interface Report {
  measuredAt: string;
  machine: string;
  quick: boolean;
  budgets: typeof BUDGETS;
  throughput: ReturnType<typeof joinThroughput>;
  /** Full render of `FLOOR_PAGE` against its static copy; absent in reports written before it was measured. */
  floor?: Awaited<ReturnType<typeof measureThroughput>>[number];
  /** Absent in reports written before the render cost was measured. */
  renderCost?: Awaited<ReturnType<typeof measureRenderCost>>;
  javascript: Awaited<ReturnType<typeof measureJavaScript>>;
  lighthouse: Awaited<ReturnType<typeof measureLighthouse>> | null;
  /** Measurement 8; absent in reports written before it was measured. */
  served?: ServedFigures;
  streaming: Awaited<ReturnType<typeof measureStreaming>>;
  load: Awaited<ReturnType<typeof measureLoad>>;
  /** Absent in reports written before these were measured; the wire sizes came later still. */
  html?: Awaited<ReturnType<typeof measureWireSize>> | Array<{ page: string; gzipKb: number }>;
  interactivity?: Awaited<ReturnType<typeof measureInteractivity>>;
}

async function main() {
  log("building");
  buildSite();
  rmSync(PERSIST_DIR, { recursive: true, force: true });

  const port = await findFreePort(Number(process.env.BENCH_PORT ?? 8900));
  const base = `http://127.0.0.1:${port}`;

  log(`capturing page HTML on ${base}`);
  let server: Awaited<ReturnType<typeof startServer>> = await startServer(port, { cache: true });
  const htmlByPage: Record<string, string> = {};
  try {
    for (const page of [...PAGES, FLOOR_PAGE]) htmlByPage[page.name] = await fetchText(`${base}${page.path}`);
  } finally {
    stopServer(server);
  }
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  // `.htm`: served as HTML by the assets binding without the `.html` redirect rules.
  for (const page of [...PAGES, FLOOR_PAGE]) {
    writeFileSync(path.join(SNAPSHOT_DIR, `${page.name}.htm`), htmlByPage[page.name]!);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));

  try {
    log("full render: HTML_CACHE_TTL_MS=0");
    server = await startServer(port, { cache: false });
    for (const page of PAGES) await fetchText(`${base}${page.path}`); // warm up
    const full = await measureThroughput(base, "full");
    const [floor] = await measureThroughput(base, "full", [FLOOR_PAGE]);
    const renderCost = await measureRenderCost(base, server.inspectorPort);
    const streaming = await measureStreaming(base);
    stopServer(server);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    log("page cache on");
    server = await startServer(port, { cache: true });
    for (const page of PAGES) await fetchText(`${base}${page.path}`); // warm up
    const cached = await measureThroughput(base, "cached");
    const load = await measureLoad(base);
    const javascript = await measureJavaScript(base);
    const lighthouse = SKIP_LIGHTHOUSE ? null : await measureLighthouse(base, { runs: LIGHTHOUSE_RUNS });
    const interactivity = await measureInteractivity(base);
    const front = await startHttpsFront({ port: await findFreePort(port + 1), upstream: base });
    let served: ServedFigures;
    try {
      log(`as served: HTTPS + HTTP/2 front on ${front.origin}`);
      served = await measureServed(
        { http: base, https: front.origin },
        {
          lighthouseRuns: LIGHTHOUSE_RUNS,
          observedRuns: OBSERVED_RUNS,
          skipLighthouse: SKIP_LIGHTHOUSE,
          http1: lighthouse,
        },
      );
    } finally {
      await front.close();
    }
    const html = await measureWireSize(base, htmlByPage);
    const report: Report = {
      measuredAt: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, Node ${process.version}, ${(await import("node:os")).cpus().length} cores`,
      quick: QUICK,
      budgets: BUDGETS,
      throughput: joinThroughput(cached, full),
      floor,
      renderCost,
      javascript,
      lighthouse,
      streaming,
      load,
      html,
      interactivity,
      served,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(RESULTS_DIR, "latest.md"), renderMarkdown(report));
    writeFileSync(path.join(RESULTS_DIR, "throughput.svg"), renderSvg(report.throughput));
    log("wrote bench/results/latest.json, latest.md and throughput.svg");
  } finally {
    stopServer(server);
    rmSync(SNAPSHOT_DIR, { recursive: true, force: true });
  }
}

const only = readOption("only");
if (only === "served") {
  await runServedBench();
} else if (only === "compare") {
  runServedComparison();
} else if (only) {
  throw new Error(`unknown --only ${only}: served or compare`);
} else if (REPORT_ONLY) {
  // Re-render the Markdown and chart from the last measurements.
  const report = JSON.parse(readFileSync(path.join(RESULTS_DIR, "latest.json"), "utf8")) as Report;
  writeFileSync(path.join(RESULTS_DIR, "latest.md"), renderMarkdown(report));
  writeFileSync(path.join(RESULTS_DIR, "throughput.svg"), renderSvg(report.throughput));
  log("rewrote bench/results/latest.md and throughput.svg from latest.json");
} else {
  await main();
}
