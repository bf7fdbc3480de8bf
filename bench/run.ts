/**
 * `npm run bench`: builds the site, serves the built worker with `wrangler dev`
 * on a free local port, measures it, stops it, and writes
 * `bench/results/latest.json`, `bench/results/latest.md` and
 * `bench/results/throughput.svg`. Not part of `npm test`.
 *
 * Measurements (every figure a median of at least 3 runs, every
 * speed figure a ratio taken side by side in the same run):
 * 1. SSR throughput of five pages against the same HTML served as a static
 *    asset by the same worker (autocannon, 8 connections, browser UA).
 * 2. JavaScript sent: gzip bytes of the scripts and modulepreloads in each page.
 * 3. Lighthouse (mobile preset, Debian Chromium): scores, CLS, TBT.
 * 4. Streaming: time to first byte vs last byte of an article page.
 * 5. Load: 30 s at 8 connections over the five pages mixed.
 *
 * Options: `--quick` (1 s throughput runs, 5 s load, 1 Lighthouse run; for
 * trying changes, not for the report), `--skip-lighthouse`, `--report-only`
 * (rewrite the Markdown and chart from `latest.json`).
 */
import autocannon from "autocannon";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { ROOT, WRANGLER_BIN, WRANGLER_ENV, buildDevServerArgs, findFreePort } from "../scripts/wrangler.ts";

const QUICK = process.argv.includes("--quick");
const SKIP_LIGHTHOUSE = process.argv.includes("--skip-lighthouse");
const REPORT_ONLY = process.argv.includes("--report-only");
const RUNS = 3;
const THROUGHPUT_SECONDS = QUICK ? 1 : 5;
const LOAD_SECONDS = QUICK ? 5 : 30;
const LIGHTHOUSE_RUNS = QUICK ? 1 : 3;
const CONNECTIONS = 8;
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const CLIENT_DIR = path.join(ROOT, "build", "client");
const SNAPSHOT_DIR = path.join(CLIENT_DIR, "__bench");
const RESULTS_DIR = path.join(ROOT, "bench", "results");
const PERSIST_DIR = path.join(ROOT, ".wrangler", "bench-state");

/** The five pages measured, with their kind (content or store) for the JS budget. */
const PAGES = [
  { name: "home", path: "/", kind: "content" },
  { name: "blog", path: "/blog", kind: "content" },
  { name: "article", path: "/blog/build-an-emergency-fund", kind: "content" },
  { name: "store", path: "/store", kind: "store" },
  { name: "product", path: "/product/vpf-tee", kind: "store" },
] as const;

/** Performance budgets the report checks each figure against. */
export const BUDGETS = {
  throughputRatio: 0.7,
  jsContentKb: 120,
  jsStoreKb: 135,
  lighthousePerformance: 99,
  lighthouseAccessibility: 100,
  lighthouseBestPractices: 100,
  lighthouseSeo: 100,
  cls: 0.01,
  tbtMs: 50,
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function log(message: string) {
  console.log(`[bench] ${message}`);
}

async function startServer(port: number): Promise<ChildProcess> {
  const args = buildDevServerArgs({
    port,
    inspectorPort: await findFreePort(port + 1000),
    persistDir: PERSIST_DIR,
    extra: ["--log-level", "warn"],
  });
  const child = spawn(WRANGLER_BIN, args, {
    cwd: ROOT,
    env: WRANGLER_ENV,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/please-hold`);
      if (response.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  stopServer(child);
  throw new Error("wrangler dev did not start within 90 s");
}

function stopServer(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

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
 * 1. Requests per second, dynamic against static, side by side. "Dynamic" is
 * the page as visitors get it (the worker's render cache serves repeats);
 * "uncached" adds a fresh query string to every request, which the cache
 * never serves, so each one is a full React render.
 */
async function measureThroughput(base: string) {
  const results = [];
  for (const page of PAGES) {
    const ratios: number[] = [];
    const uncachedRatios: number[] = [];
    const dynamic: number[] = [];
    const uncached: number[] = [];
    const staticRps: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const common = { connections: CONNECTIONS, duration: THROUGHPUT_SECONDS, headers: { "user-agent": BROWSER_UA } };
      let counter = 0;
      const d = await runAutocannon({ ...common, url: `${base}${page.path}` });
      const u = await runAutocannon({
        ...common,
        url: base,
        requests: [
          { method: "GET", setupRequest: (request) => ({ ...request, path: `${page.path}?bench=${counter++}` }) },
        ],
      });
      const s = await runAutocannon({ ...common, url: `${base}/__bench/${page.name}.htm` });
      if (d.non2xx || u.non2xx || s.non2xx || d.errors || u.errors || s.errors) {
        throw new Error(`non-2xx or errors measuring ${page.path}`);
      }
      dynamic.push(d.requests.average);
      uncached.push(u.requests.average);
      staticRps.push(s.requests.average);
      ratios.push(d.requests.average / s.requests.average);
      uncachedRatios.push(u.requests.average / s.requests.average);
    }
    const entry = {
      page: page.name,
      path: page.path,
      dynamicRps: round(median(dynamic), 1),
      uncachedRps: round(median(uncached), 1),
      staticRps: round(median(staticRps), 1),
      ratio: round(median(ratios), 3),
      uncachedRatio: round(median(uncachedRatios), 3),
      ratios: ratios.map((r) => round(r, 3)),
    };
    log(
      `throughput ${page.path}: ${entry.dynamicRps} rps (uncached ${entry.uncachedRps}) vs ${entry.staticRps} static → ${entry.ratio} (uncached ${entry.uncachedRatio})`,
    );
    results.push(entry);
  }
  return results;
}

/** 2. Gzip bytes of the scripts and modulepreloads each page's HTML names. */
function measureJavaScript(htmlByPage: Record<string, string>) {
  const drawerChunk = /\/assets\/cart-drawer-[^"']+\.js/;
  return PAGES.map((page) => {
    const html = htmlByPage[page.name] ?? "";
    const urls = new Set<string>();
    for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1]!);
    for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(match[1]!);
    for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g))
      urls.add(match[1]!);
    let bytes = 0;
    let hasSupabase = false;
    let hasDrawer = false;
    for (const url of urls) {
      const file = readFileSync(path.join(CLIENT_DIR, url));
      bytes += gzipSync(file, { level: 9 }).length;
      if (/supabase/i.test(file.toString("utf8"))) hasSupabase = true;
      if (drawerChunk.test(url)) hasDrawer = true;
    }
    const budgetKb = page.kind === "store" ? BUDGETS.jsStoreKb : BUDGETS.jsContentKb;
    const kb = round(bytes / 1000, 1);
    log(`javascript ${page.path}: ${kb} kB gzip in ${urls.size} files`);
    return { page: page.name, kind: page.kind, files: urls.size, gzipKb: kb, budgetKb, hasSupabase, hasDrawer };
  });
}

/** 3. Lighthouse, mobile preset (its default), median of the runs. */
async function measureLighthouse(base: string) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const results = [];
  for (const page of PAGES) {
    const runs: Array<Record<string, number>> = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
      });
      try {
        const result = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error("no Lighthouse result");
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
          seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0,
          tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? 0,
          lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? 0,
        });
        const failing = Object.values(lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
          .map((audit) => audit.id);
        if (failing.length) log(`lighthouse ${page.path} run ${run + 1}: failing audits: ${failing.join(", ")}`);
      } finally {
        chrome.kill();
      }
    }
    const pick = (key: string) => median(runs.map((r) => r[key]!));
    const entry = {
      page: page.name,
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
      cls: round(pick("cls"), 4),
      tbtMs: Math.round(pick("tbtMs")),
      lcpMs: Math.round(pick("lcpMs")),
    };
    log(`lighthouse ${page.path}: ${JSON.stringify(entry)}`);
    results.push(entry);
  }
  return results;
}

/**
 * 4. Time to first byte and to last byte of the article page, browser UA,
 * rendered fresh each time (a new query string bypasses the render cache).
 */
async function measureStreaming(base: string) {
  const firsts: number[] = [];
  const lasts: number[] = [];
  const chunkCounts: number[] = [];
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    const response = await fetch(`${base}${PAGES[2].path}?stream=${run}`, { headers: { "user-agent": BROWSER_UA } });
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

/** 5. Mixed load over the five pages. */
async function measureLoad(base: string) {
  const result = await runAutocannon({
    url: base,
    connections: CONNECTIONS,
    duration: LOAD_SECONDS,
    headers: { "user-agent": BROWSER_UA },
    requests: PAGES.map((page) => ({ method: "GET", path: page.path })),
  });
  const load = {
    seconds: LOAD_SECONDS,
    connections: CONNECTIONS,
    requests: result.requests.total,
    rps: round(result.requests.average, 1),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    latencyP99Ms: result.latency.p99,
  };
  log(`load: ${JSON.stringify(load)}`);
  return load;
}

function renderSvg(throughput: Array<{ page: string; ratio: number }>): string {
  const width = 560;
  const barHeight = 28;
  const top = 40;
  const left = 90;
  const scale = (width - left - 60) / 1.2;
  const rows = throughput
    .map((entry, index) => {
      const y = top + index * (barHeight + 12);
      const w = Math.max(1, entry.ratio * scale);
      const colour = entry.ratio >= BUDGETS.throughputRatio ? "#047857" : "#b91c1c";
      return `<text x="${left - 10}" y="${y + 19}" text-anchor="end">${entry.page}</text><rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="${barHeight}" fill="${colour}"/><text x="${(left + w + 6).toFixed(1)}" y="${y + 19}">${entry.ratio.toFixed(2)}</text>`;
    })
    .join("");
  const budgetX = left + BUDGETS.throughputRatio * scale;
  const height = top + throughput.length * (barHeight + 12) + 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="14" role="img" aria-label="SSR throughput ratio per page">
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="${left}" y="22" font-weight="700">SSR throughput, dynamic / static (budget ≥ ${BUDGETS.throughputRatio})</text>
${rows}
<line x1="${budgetX.toFixed(1)}" y1="${top - 6}" x2="${budgetX.toFixed(1)}" y2="${height - 14}" stroke="#0f172a" stroke-dasharray="4 4"/>
</svg>
`;
}

function mark(ok: boolean): string {
  return ok ? "✅" : "❌";
}

function renderMarkdown(report: Report): string {
  const lines: string[] = [];
  lines.push(`# Benchmark results`, "");
  lines.push(
    `Measured ${report.measuredAt} on ${report.machine}. Medians of ${RUNS}+ runs.${QUICK ? " QUICK RUN: not for quoting." : ""}`,
    "",
  );
  lines.push("![SSR throughput ratio per page](throughput.svg)", "");
  lines.push("## SSR throughput (8 connections, browser UA)", "");
  lines.push(
    "| page | dynamic rps | static rps | ratio | budget ≥ 0.70 | uncached rps | uncached ratio |",
    "| --- | ---: | ---: | ---: | :---: | ---: | ---: |",
  );
  for (const t of report.throughput) {
    lines.push(
      `| ${t.path} | ${t.dynamicRps} | ${t.staticRps} | ${t.ratio.toFixed(3)} | ${mark(t.ratio >= BUDGETS.throughputRatio)} | ${t.uncachedRps} | ${t.uncachedRatio.toFixed(3)} |`,
    );
  }
  lines.push(
    "",
    "Dynamic: the page as visitors get it (repeats come from the worker's render cache). Uncached: a fresh query string on every request forces a full React render each time; it misses the budget.",
  );
  lines.push("", "## JavaScript sent (gzip, scripts and modulepreloads)", "");
  lines.push(
    "| page | files | kB | budget | supabase-js | cart drawer | within budget |",
    "| --- | ---: | ---: | ---: | :---: | :---: | :---: |",
  );
  for (const j of report.javascript) {
    const ok = j.gzipKb <= j.budgetKb && (j.kind === "store" || (!j.hasSupabase && !j.hasDrawer)) && !j.hasSupabase;
    lines.push(
      `| ${j.page} | ${j.files} | ${j.gzipKb} | ${j.budgetKb} | ${j.hasSupabase ? "present" : "absent"} | ${j.hasDrawer ? "present" : "absent"} | ${mark(ok)} |`,
    );
  }
  if (report.lighthouse) {
    lines.push("", "## Lighthouse (mobile preset)", "");
    lines.push(
      "| page | performance | accessibility | best practices | SEO | CLS | TBT ms | LCP ms | within budget |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |",
    );
    for (const l of report.lighthouse) {
      const ok =
        l.performance >= BUDGETS.lighthousePerformance &&
        l.accessibility >= BUDGETS.lighthouseAccessibility &&
        l.bestPractices >= BUDGETS.lighthouseBestPractices &&
        l.seo >= BUDGETS.lighthouseSeo &&
        l.cls <= BUDGETS.cls &&
        l.tbtMs <= BUDGETS.tbtMs;
      lines.push(
        `| ${l.page} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.cls} | ${l.tbtMs} | ${l.lcpMs} | ${mark(ok)} |`,
      );
    }
  }
  lines.push("", "## Streaming", "");
  lines.push(
    `Article page (${report.streaming.page}, rendered fresh): first byte after ${report.streaming.ttfbMs} ms, last byte after ${report.streaming.ttlbMs} ms, in ${report.streaming.chunks} chunks.`,
  );
  lines.push("", "## Load", "");
  const l = report.load;
  lines.push(
    `${l.seconds} s at ${l.connections} connections over the five pages: ${l.requests} requests (${l.rps} rps), ${l.errors} errors, ${l.timeouts} timeouts, ${l.non2xx} non-2xx, p99 latency ${l.latencyP99Ms} ms. ${mark(l.errors === 0 && l.non2xx === 0 && l.timeouts === 0)}`,
  );
  lines.push("");
  return lines.join("\n");
}

interface Report {
  measuredAt: string;
  machine: string;
  quick: boolean;
  budgets: typeof BUDGETS;
  throughput: Awaited<ReturnType<typeof measureThroughput>>;
  javascript: ReturnType<typeof measureJavaScript>;
  lighthouse: Awaited<ReturnType<typeof measureLighthouse>> | null;
  streaming: Awaited<ReturnType<typeof measureStreaming>>;
  load: Awaited<ReturnType<typeof measureLoad>>;
}

async function main() {
  log("building");
  const build = spawnSync(path.join(ROOT, "node_modules", ".bin", "react-router"), ["build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: WRANGLER_ENV,
  });
  if (build.status !== 0) throw new Error("build failed");
  rmSync(PERSIST_DIR, { recursive: true, force: true });

  const port = await findFreePort(8900);
  const base = `http://127.0.0.1:${port}`;

  log(`capturing page HTML on ${base}`);
  let server = await startServer(port);
  const htmlByPage: Record<string, string> = {};
  try {
    for (const page of PAGES) htmlByPage[page.name] = await fetchText(`${base}${page.path}`);
  } finally {
    stopServer(server);
  }
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  // `.htm`: served as HTML by the assets binding without the `.html` redirect rules.
  for (const page of PAGES) writeFileSync(path.join(SNAPSHOT_DIR, `${page.name}.htm`), htmlByPage[page.name]!);
  await new Promise((resolve) => setTimeout(resolve, 1000));

  server = await startServer(port);
  try {
    for (const page of PAGES) await fetchText(`${base}${page.path}`); // warm up
    const throughput = await measureThroughput(base);
    const javascript = measureJavaScript(htmlByPage);
    const streaming = await measureStreaming(base);
    const load = await measureLoad(base);
    const lighthouse = SKIP_LIGHTHOUSE ? null : await measureLighthouse(base);
    const report: Report = {
      measuredAt: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, Node ${process.version}, ${(await import("node:os")).cpus().length} cores`,
      quick: QUICK,
      budgets: BUDGETS,
      throughput,
      javascript,
      lighthouse,
      streaming,
      load,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(RESULTS_DIR, "latest.md"), renderMarkdown(report));
    writeFileSync(path.join(RESULTS_DIR, "throughput.svg"), renderSvg(throughput));
    log("wrote bench/results/latest.json, latest.md and throughput.svg");
  } finally {
    stopServer(server);
    rmSync(SNAPSHOT_DIR, { recursive: true, force: true });
  }
}

if (REPORT_ONLY) {
  // Re-render the Markdown and chart from the last measurements.
  const report = JSON.parse(readFileSync(path.join(RESULTS_DIR, "latest.json"), "utf8")) as Report;
  writeFileSync(path.join(RESULTS_DIR, "latest.md"), renderMarkdown(report));
  writeFileSync(path.join(RESULTS_DIR, "throughput.svg"), renderSvg(report.throughput));
  log("rewrote bench/results/latest.md and throughput.svg from latest.json");
} else {
  await main();
}
