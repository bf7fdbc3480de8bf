/**
 * The scale bench (bench/README.md, scale): how the site's costs grow with its archive. For each size it copies the
 * checkout, puts in a generated publication (bench/scale-publication.ts; `sample` keeps the checkout's own), builds
 * it and reports build time and peak memory, the worker upload raw and gzip (wrangler's own `--dry-run`), the
 * isolate's heap after start and after the lists, search and feeds, and CPU ms and HTML bytes per render of each
 * page type. Run `node bench/scale.ts [--sizes sample,1000,5000] [--renders N] [--shared-cover] [--keep]`, or
 * `npm run bench -- --only scale` in `bench/`.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { copyCheckout } from "../scripts/checkout-copy.ts";
import { ROOT, WRANGLER_ENV, buildDevServerArgs, findFreePort } from "../scripts/wrangler.ts";
import { computeMedian } from "./common.ts";
import { type InspectorSession, connectInspector } from "./inspector.ts";
import { writePublication } from "./scale-publication.ts";

/** Issues written beside a generated archive: four years of a weekly letter. */
const GENERATED_ISSUES = 200;
/** The platform's limits on the worker upload, gzip, in bytes (free and paid plans). */
const UPLOAD_LIMITS = { free: 3 * 1024 * 1024, paid: 10 * 1024 * 1024 };
const RESULTS_DIR = path.join(ROOT, "bench", "results");

/** One page type's figures at one size. */
interface PageFigures {
  name: string;
  path: string;
  status: number;
  htmlBytes: number;
  cpuMsPerRender: number;
}

/** One size's figures. */
interface SizeFigures {
  size: string;
  articles: number;
  buildSeconds: number;
  buildPeakMb: number;
  uploadRawKib: number;
  uploadGzipKib: number;
  /** Files of the static upload (`build/client`), against the plans' 20,000 (free) and 100,000 (paid). */
  staticFiles: number;
  /** The largest static file, in KiB, against the platform's 25 MiB a file. */
  largestStaticKib: number;
  heapAfterStartMb: number;
  heapAfterListsMb: number;
  pages: PageFigures[];
  coldHits: ColdHitFigures[];
}

/** A new isolate's first request for one page, which an earlier isolate left in the page cache. */
interface ColdHitFigures {
  name: string;
  path: string;
  /** Whether the page came from the cache on the earlier isolate's second request (`Server-Timing: cache;desc=hit`). */
  hitOnSecondRequest: boolean;
  /** CPU ms of each new isolate's first request, in run order; every one a cache hit, or the figure is refused. */
  cpuMs: number[];
}

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "sample,1000,5000" },
    "shared-cover": { type: "boolean", default: false },
    renders: { type: "string", default: "20" },
    "cold-runs": { type: "string", default: "5" },
    keep: { type: "boolean", default: false },
    only: { type: "string" },
  },
  allowPositionals: true,
});
const RENDERS = Math.max(1, Number(values.renders) || 20);
/** How many new isolates ask for each cached page (`--cold-runs`). */
const COLD_RUNS = Math.max(1, Number(values["cold-runs"]) || 5);
/** The pause between a new server's start and its first request, in ms; the isolate answers nothing meanwhile. */
const COLD_SETTLE_MS = 3_000;
/** The profiler's sampling interval for one request, in µs: a cache hit costs a few ms, the default 1 ms is coarse. */
const COLD_SAMPLING_INTERVAL_US = 50;

function log(message: string): void {
  console.log(`[scale] ${message}`);
}

/** The environment of `dir`'s commands: its own packages' binaries first, so wrangler runs on the Node it needs. */
function readCopyEnv(dir: string): NodeJS.ProcessEnv {
  return { ...WRANGLER_ENV, PATH: `${path.join(dir, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}` };
}

/** Runs `bin args` in `cwd`, returning stdout; throws with its output when it fails. */
function run(cwd: string, bin: string, args: string[]): string {
  const env = readCopyEnv(cwd);
  const result = spawnSync(bin, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} ${args.join(" ")} failed:\n${result.stderr}`);
  return result.stdout;
}

/** Builds `dir`, measuring wall time (s) and the peak resident memory of the build (MB) with `/usr/bin/time`. */
function buildCopy(dir: string): { seconds: number; peakMb: number } {
  const timeFile = path.join(dir, ".build-time");
  run(dir, "/usr/bin/time", ["-f", "%e %M", "-o", timeFile, path.join(dir, "node_modules", ".bin", "react-router"), "build"]);
  const [seconds, peakKb] = readFileSync(timeFile, "utf8").trim().split(/\s+/).map(Number);
  return { seconds: seconds ?? 0, peakMb: Math.round((peakKb ?? 0) / 1024) };
}

/** The worker upload wrangler would send, raw and gzip, in KiB (every file of its `--dry-run --outdir`). */
function measureUpload(dir: string): { rawKib: number; gzipKib: number } {
  const outDir = path.join(dir, ".upload");
  const wrangler = path.join(dir, "node_modules", ".bin", "wrangler");
  run(dir, wrangler, ["deploy", "--config", "build/server/wrangler.json", "--dry-run", "--outdir", outDir]);
  let raw = 0;
  let gzip = 0;
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith(".map")) continue;
    const file = path.join(entry.parentPath, entry.name);
    raw += statSync(file).size;
    gzip += gzipSync(readFileSync(file)).length;
  }
  return { rawKib: Math.round(raw / 1024), gzipKib: Math.round(gzip / 1024) };
}

/** How many files the static upload holds (`build/client`, every file) and the largest one's size in KiB. */
function countStaticFiles(dir: string): { files: number; largestKib: number } {
  let files = 0;
  let largest = 0;
  for (const entry of readdirSync(path.join(dir, "build", "client"), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    largest = Math.max(largest, statSync(path.join(entry.parentPath, entry.name)).size);
  }
  return { files, largestKib: Math.round(largest / 1024) };
}

/**
 * A `wrangler dev` of `dir` and the worker's inspector: with the page cache off, or on (`pageCache`) with its own
 * local state, which a later server of the same `dir` finds again (a new isolate over a cache an earlier one filled).
 */
async function serve(
  dir: string,
  { pageCache = false, port: wantedPort }: { pageCache?: boolean; port?: number } = {},
): Promise<{ child: ChildProcess; base: string; inspectorPort: number; port: number }> {
  const port = wantedPort ?? (await findFreePort(8960));
  const inspectorPort = await findFreePort(port + 1000);
  const args = buildDevServerArgs({
    port,
    inspectorPort,
    persistDir: path.join(dir, ".wrangler", pageCache ? "scale-cache-state" : "scale-state"),
    extra: ["--log-level", "warn", ...(pageCache ? [] : ["--var", "HTML_CACHE_TTL_MS:0"])],
  });
  const child = spawn(path.join(dir, "node_modules", ".bin", "wrangler"), args, {
    cwd: dir,
    env: readCopyEnv(dir),
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  // A cold isolate must not have answered a request yet, so its server counts as up once its inspector answers.
  const probe = pageCache ? `http://127.0.0.1:${inspectorPort}/json/version` : `${base}/robots.txt`;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    try {
      if ((await fetch(probe)).ok) return { child, base, inspectorPort, port };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  stop(child);
  throw new Error("wrangler dev did not start within 120 s");
}

function stop(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
}

/** The pages measured at every size, chosen from what the publication holds. */
function listPages(dir: string): Array<{ name: string; path: string }> {
  const articles = readdirSync(path.join(dir, "content", "articles")).filter((name) => name.endsWith(".md"));
  const texts = articles.map((name) => readFileSync(path.join(dir, "content", "articles", name), "utf8"));
  const tagCounts = new Map<string, number>();
  for (const text of texts) {
    for (const tag of /^tags: \[(.*)\]$/m.exec(text)?.[1]?.match(/"[^"]+"/g) ?? []) {
      tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
    }
  }
  const topTag = [...tagCounts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '"budgeting"';
  const tagSlug = JSON.parse(topTag).toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const category = /^category: "?([^"\n]+)"?$/m.exec(texts[0] ?? "")?.[1] ?? "Investing";
  return [
    { name: "home", path: "/" },
    { name: "blog, page 1", path: "/blog" },
    { name: "blog, a deep page", path: "/blog?page=20" },
    { name: "article", path: `/blog/${articles.sort()[0]!.replace(/\.md$/, "")}` },
    { name: "tag", path: `/tags/${tagSlug}` },
    { name: "category", path: `/categories/${category.toLowerCase().replace(/[^a-z0-9]+/g, "-")}` },
    { name: "search, one word", path: "/search?q=budget" },
    { name: "search, long", path: "/search?q=how+to+build+an+emergency+fund+with+index+funds" },
    { name: "RSS", path: "/rss.xml" },
    { name: "sitemap", path: "/sitemap.xml" },
  ];
}

/** The busy CPU of a profile (every sample but idle and the profiler's own), in ms. */
function readBusyMs(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): number {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  let busyUs = 0;
  profile.samples.forEach((sample, index) => {
    const name = nodes.get(sample)?.callFrame.functionName;
    if (name !== "(idle)" && name !== "(program)") busyUs += profile.timeDeltas[index] ?? 0;
  });
  return busyUs / 1000;
}

const BENCH_HEADERS = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" };

/** Whether a response came from the page cache, by its `Server-Timing` (worker/page-cache.ts). */
function isCacheHit(response: Response): boolean {
  return /\bcache;desc=hit\b/.test(response.headers.get("server-timing") ?? "");
}

/**
 * A cold isolate's CPU to a cached page: one server fills the page cache (and says whether the second request was
 * a hit), then `COLD_RUNS` new servers, each a new isolate over the same local cache, profile their first request.
 * They share one port, as the cache key holds the origin.
 *
 * @throws Error when a new isolate's first request is not a cache hit (the figure would measure a render).
 */
async function measureColdHits(dir: string, pages: Array<{ name: string; path: string }>): Promise<ColdHitFigures[]> {
  const get = async (base: string, pagePath: string): Promise<Response> => {
    for (const deadline = Date.now() + 60_000; ; ) {
      try {
        const response = await fetch(`${base}${pagePath}`, {
          headers: BENCH_HEADERS,
          signal: AbortSignal.timeout(60_000),
        });
        await response.arrayBuffer();
        return response;
      } catch (error) {
        // The inspector can answer before wrangler's own proxy listens.
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  const filling = await serve(dir, { pageCache: true });
  const figures: ColdHitFigures[] = [];
  try {
    for (const page of pages) {
      if ((await get(filling.base, page.path)).status !== 200) continue;
      // The first response is stored once sent (waitUntil); a short wait lets the store finish.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const second = await get(filling.base, page.path);
      figures.push({ ...page, hitOnSecondRequest: isCacheHit(second), cpuMs: [] });
    }
  } finally {
    stop(filling.child);
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (let run = 0; run < COLD_RUNS; run++) {
    for (const figure of figures.filter((candidate) => candidate.hitOnSecondRequest)) {
      const { child, base, inspectorPort } = await serve(dir, { pageCache: true, port: filling.port });
      // wrangler's own start-up keeps both cores busy for a moment; profiled then, the request's samples would stretch.
      await new Promise((resolve) => setTimeout(resolve, COLD_SETTLE_MS));
      const inspector = await connectInspector(inspectorPort);
      try {
        await inspector.send("Profiler.enable");
        await inspector.send("Profiler.setSamplingInterval", { interval: COLD_SAMPLING_INTERVAL_US });
        await inspector.send("Profiler.start");
        const response = await get(base, figure.path);
        const { profile } = await inspector.send<{
          profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
        }>("Profiler.stop");
        if (!isCacheHit(response)) throw new Error(`${figure.path}: a new isolate's first request was not a cache hit (${response.status}, ${response.headers.get("server-timing")})`);
        figure.cpuMs.push(Math.round(readBusyMs(profile) * 100) / 100);
      } finally {
        inspector.close();
        stop(child);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  for (const figure of figures) log(`cold isolate, ${figure.path}: ${figure.cpuMs.join(", ")} CPU ms`);
  return figures;
}

/** The isolate's used heap, in MB (workerd's inspector offers no forced collection, so garbage may count). */
async function readHeapMb(inspector: InspectorSession): Promise<number> {
  const { usedSize = Number.NaN } = await inspector.send<{ usedSize?: number }>("Runtime.getHeapUsage");
  return Math.round((usedSize / 1024 / 1024) * 10) / 10;
}

/** Serves the built copy and measures its heap and every page's render. */
async function measureServed(
  dir: string,
): Promise<Pick<SizeFigures, "heapAfterStartMb" | "heapAfterListsMb" | "pages">> {
  const { child, base, inspectorPort } = await serve(dir);
  const inspector = await connectInspector(inspectorPort);
  try {
    const heapAfterStartMb = await readHeapMb(inspector);
    const get = async (pagePath: string) =>
      fetch(`${base}${pagePath}`, { headers: BENCH_HEADERS, signal: AbortSignal.timeout(60_000) });
    const pages: PageFigures[] = [];
    await inspector.send("Profiler.enable");
    for (const page of listPages(dir)) {
      const first = await get(page.path);
      const htmlBytes = (await first.arrayBuffer()).byteLength;
      for (let warm = 0; warm < 3; warm++) await (await get(page.path)).arrayBuffer();
      await inspector.send("Profiler.start");
      for (let index = 0; index < RENDERS; index++) await (await get(page.path)).arrayBuffer();
      const { profile } = await inspector.send<{
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
      }>("Profiler.stop");
      const cpuMsPerRender = Math.round((readBusyMs(profile) / RENDERS) * 100) / 100;
      pages.push({ ...page, status: first.status, htmlBytes, cpuMsPerRender });
      log(`${page.path}: ${first.status}, ${htmlBytes} bytes, ${cpuMsPerRender} CPU ms a render`);
    }
    return { heapAfterStartMb, heapAfterListsMb: await readHeapMb(inspector), pages };
  } finally {
    inspector.close();
    stop(child);
  }
}

/** Copies the checkout, writes the publication of `size`, builds, measures, and removes the copy. */
async function measureSize(size: string): Promise<SizeFigures> {
  const dir = copyCheckout("vpf-scale-");
  log(`${size}: copy at ${dir}`);
  try {
    if (size !== "sample") {
      writePublication(dir, Number(size), GENERATED_ISSUES, { sharedCover: values["shared-cover"] });
    }
    const articles = readdirSync(path.join(dir, "content", "articles")).filter((name) => name.endsWith(".md")).length;
    const build = buildCopy(dir);
    log(`${size}: built in ${build.seconds} s, peak ${build.peakMb} MB`);
    const upload = measureUpload(dir);
    log(`${size}: upload ${upload.rawKib} KiB raw, ${upload.gzipKib} KiB gzip`);
    const statics = countStaticFiles(dir);
    log(`${size}: ${statics.files} static files, the largest ${statics.largestKib} KiB`);
    const served = await measureServed(dir);
    const pages = listPages(dir);
    const coldHits = await measureColdHits(
      dir,
      pages.filter((page) => ["home", "article", "blog, a deep page"].includes(page.name)),
    );
    return {
      size,
      articles,
      buildSeconds: build.seconds,
      buildPeakMb: build.peakMb,
      uploadRawKib: upload.rawKib,
      uploadGzipKib: upload.gzipKib,
      staticFiles: statics.files,
      largestStaticKib: statics.largestKib,
      ...served,
      coldHits,
    };
  } finally {
    if (values.keep) log(`${size}: the copy stays at ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as a Markdown report: one table of sizes, one of pages. */
function formatReport(results: SizeFigures[], load: string): string {
  const header = `| | ${results.map((result) => `${result.articles} articles`).join(" | ")} |`;
  const rule = `|---|${results.map(() => "---").join("|")}|`;
  const row = (label: string, read: (result: SizeFigures) => string) =>
    `| ${label} | ${results.map(read).join(" | ")} |`;
  const pageNames = results[0]?.pages.map((page) => page.name) ?? [];
  const pageRow = (name: string, read: (page: PageFigures) => string) =>
    row(name, (result) => {
      const page = result.pages.find((candidate) => candidate.name === name);
      return page ? read(page) : "";
    });
  return [
    `Scale bench, ${new Date().toISOString().slice(0, 10)}; host load (1, 5, 15 min) ${load}; ${RENDERS} renders a page` +
      (values["shared-cover"] ? "; generated articles share one cover photo (the build encodes no cover per article)." : "."),
    "",
    header,
    rule,
    row("build, s", (result) => String(result.buildSeconds)),
    row("build peak memory, MB", (result) => String(result.buildPeakMb)),
    row("worker upload raw, KiB", (result) => String(result.uploadRawKib)),
    row(
      `worker upload gzip, KiB (limits ${UPLOAD_LIMITS.free / 1024} free, ${UPLOAD_LIMITS.paid / 1024} paid)`,
      (result) => String(result.uploadGzipKib),
    ),
    row("static files (plans: 20,000 free, 100,000 paid)", (result) => String(result.staticFiles)),
    row("largest static file, KiB (limit 25,600)", (result) => String(result.largestStaticKib)),
    row("isolate heap after start, MB", (result) => String(result.heapAfterStartMb)),
    row("isolate heap after every page, MB", (result) => String(result.heapAfterListsMb)),
    "",
    "CPU ms per render (HTML bytes)",
    "",
    header,
    rule,
    ...pageNames.map((name) =>
      pageRow(name, (page) => `${page.cpuMsPerRender} (${page.htmlBytes})${page.status === 200 ? "" : ` ${page.status}`}`),
    ),
    "",
    `A new isolate's first request for a page an earlier isolate cached: CPU ms, median of ${COLD_RUNS} isolates ` +
      "(each run's figure); whether the earlier isolate's second request was already a hit",
    "",
    header,
    rule,
    ...[...new Set(results.flatMap((result) => result.coldHits.map((cold) => cold.name)))].map((name) =>
      row(name, (result) => {
        const figure = result.coldHits.find((candidate) => candidate.name === name);
        if (!figure) return "no such page";
        if (figure.cpuMs.length === 0) return "not cached on the 2nd request";
        return `${computeMedian(figure.cpuMs).toFixed(2)} (${figure.cpuMs.join(", ")}); 2nd request hit`;
      }),
    ),
    "",
  ].join("\n");
}

const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(", ");
const results: SizeFigures[] = [];
for (const size of values.sizes.split(",").map((entry) => entry.trim())) {
  if (size !== "sample" && !(Number(size) > 0)) throw new Error(`--sizes: ${size} is neither "sample" nor a count`);
  results.push(await measureSize(size));
}
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(path.join(RESULTS_DIR, "scale.json"), `${JSON.stringify({ load, renders: RENDERS, results }, null, 2)}\n`);
const report = formatReport(results, load);
writeFileSync(path.join(RESULTS_DIR, "scale.md"), report);
console.log(`\n${report}`);
// Undici keeps idle connections to the stopped server open; nothing is left to wait for.
process.exit(0);
