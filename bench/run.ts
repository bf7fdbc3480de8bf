/**
 * `npm run bench`: builds and serves the site locally, runs every measurement (bench/README.md) and writes the
 * report to `bench/results/`. Not part of `npm test`; `--help` lists the options.
 */
import { rmSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { ROOT, findFreePort } from "../scripts/wrangler.ts";
import { BUDGETS } from "./budgets.ts";
import { PAGES, QUICK, fetchText, hasFlag, log, readOption, waitFor, watchHostLoad } from "./common.ts";
import { type DevServer, buildSite, startDevServer, stopDevServer } from "./dev-server.ts";
import { measureHtmlSize } from "./html-size.ts";
import { startHttpsFront } from "./https-front.ts";
import { measureInteractivity } from "./interactivity.ts";
import { measureJavaScript } from "./javascript.ts";
import { measureLighthouse } from "./lighthouse.ts";
import { measureLoad } from "./load.ts";
import { runNewsletterSendBench } from "./newsletter-send.ts";
import { measureRenderCost } from "./render-cost.ts";
import { type ServedFigures, rewriteReport, writeReport } from "./report.ts";
import { measureServed, runServedBench, runServedComparison } from "./served.ts";
import { measureStreaming } from "./streaming.ts";
import { FLOOR_PAGE, joinThroughput, measureThroughput, removeStaticCopies, writeStaticCopies } from "./throughput.ts";

const USAGE = `npm run bench -- [options]

  (none)                 build, measure everything, write bench/results/latest.*
  --quick                1 s throughput runs, 5 s load, 1 Lighthouse run: for trying a change, not for quoting
  --skip-lighthouse      leave Lighthouse out
  --report-only          render latest.md and throughput.svg again from latest.json, measuring nothing
  --only served          measurements 8 and 9 only, written as results/served-{label}.json and .md
      --root DIR         serve another checkout's build (default: this one)
      --label NAME       the label of the result files (default: current)
      --no-build         serve the build the checkout has
      --lighthouse-runs N, --observed-runs N
      --quiet-host       before each load, wait (up to 60 s) for the load average to fall to 0.6
  --only compare --labels a,b
                         served results side by side: results/served-comparison.md
  --only newsletter      one issue sent to 10,000 seeded readers through the queue (a few minutes):
                         results/newsletter-send.json and .md; exits non-zero if one got two mails
                         or a deliverable one none without being recorded unknown
      --readers N        readers seeded (default 10000)
  --only scale           how costs grow with the archive: a generated publication per size, built and
                         served; results/scale.json and .md (bench/scale.ts)
      --sizes LIST       sample and article counts (default sample,1000,5000)
      --renders N        renders profiled per page (default 20)
      --keep             keep each size's copy of the checkout
      --shared-cover     every generated article names one cover photo (no cover drawn and encoded per article)
  --help                 this text

Environment: BENCH_PORT (first port tried, default 8900), BENCH_ROOT, BENCH_LABEL, BENCH_LABELS.`;

const FLAGS = new Set(["quick", "skip-lighthouse", "report-only", "no-build", "quiet-host", "help", "keep", "shared-cover"]);
const OPTIONS = new Set(["only", "root", "label", "labels", "lighthouse-runs", "observed-runs", "readers", "sizes", "renders"]);

const LIGHTHOUSE_RUNS = QUICK ? 1 : 3;
/** Observed loads per page over HTTP/2 (measurement 9). */
const OBSERVED_RUNS = QUICK ? 3 : 5;
/** This run's own wrangler state, so the bench never reads the developer's. */
const PERSIST_DIR = path.join(ROOT, ".wrangler", "bench-state");

/** The first command-line argument that is neither a known flag nor a known option with its value, if any. */
function findUnknownArgument(args: string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const name = args[index]!.replace(/^--/, "").split("=")[0]!;
    if (!args[index]!.startsWith("--")) return args[index];
    if (FLAGS.has(name)) continue;
    if (!OPTIONS.has(name)) return args[index];
    if (!args[index]!.includes("=")) index++;
  }
  return undefined;
}

function startServer(port: number, { cache }: { cache: boolean }): Promise<DevServer> {
  return startDevServer({ port, cache, persistDir: PERSIST_DIR });
}

/** Measures on a server with the page cache off (full render, render cost, streaming), then on one with it on. */
async function runFullBench(): Promise<void> {
  const stopWatchingLoad = watchHostLoad();
  const skipLighthouse = hasFlag("skip-lighthouse");
  log("building");
  buildSite();
  rmSync(PERSIST_DIR, { recursive: true, force: true });

  const port = await findFreePort(Number(process.env.BENCH_PORT ?? 8900));
  const base = `http://127.0.0.1:${port}`;

  log(`capturing page HTML on ${base}`);
  let server = await startServer(port, { cache: true });
  const htmlByPage: Record<string, string> = {};
  try {
    for (const page of [...PAGES, FLOOR_PAGE]) htmlByPage[page.name] = await fetchText(`${base}${page.path}`);
  } finally {
    stopDevServer(server);
  }
  writeStaticCopies(htmlByPage);
  await waitFor(1000);

  try {
    log("full render: HTML_CACHE_TTL_MS=0");
    server = await startServer(port, { cache: false });
    // One untimed request per page, so no measurement pays for the isolate's first render.
    for (const page of PAGES) await fetchText(`${base}${page.path}`);
    const full = await measureThroughput(base, "full");
    const [floor] = await measureThroughput(base, "full", [FLOOR_PAGE]);
    const renderCost = await measureRenderCost(base, server.inspectorPort);
    const streaming = await measureStreaming(base);
    stopDevServer(server);
    await waitFor(1000);

    log("page cache on");
    server = await startServer(port, { cache: true });
    // Fills the page cache, so the cached pass times hits only.
    for (const page of PAGES) await fetchText(`${base}${page.path}`);
    const cached = await measureThroughput(base, "cached");
    const load = await measureLoad(base);
    const javascript = await measureJavaScript(base);
    const lighthouse = skipLighthouse ? null : await measureLighthouse(base, { runs: LIGHTHOUSE_RUNS });
    const interactivity = await measureInteractivity(base);
    const front = await startHttpsFront({ port: await findFreePort(port + 1), upstream: base });
    let served: ServedFigures;
    try {
      log(`as served: HTTPS + HTTP/2 front on ${front.origin}`);
      served = await measureServed(
        { http: base, https: front.origin },
        { lighthouseRuns: LIGHTHOUSE_RUNS, observedRuns: OBSERVED_RUNS, skipLighthouse, http1: lighthouse },
      );
    } finally {
      await front.close();
    }
    const html = await measureHtmlSize(base, htmlByPage);
    writeReport({
      measuredAt: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, Node ${process.version}, ${cpus().length} cores`,
      hostLoad: stopWatchingLoad(),
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
    });
  } finally {
    stopDevServer(server);
    removeStaticCopies();
  }
}

/** Parses the command line and runs what it asks for. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (hasFlag("help")) {
    console.log(USAGE);
    return;
  }
  const unknown = findUnknownArgument(args);
  if (unknown !== undefined) {
    console.error(`unknown argument ${unknown}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const only = readOption("only");
  if (only === "served") await runServedBench();
  else if (only === "compare") runServedComparison();
  else if (only === "newsletter") await runNewsletterSendBench();
  // Its own command line (bench/scale.ts), read when the module runs.
  else if (only === "scale") await import("./scale.ts");
  else if (only) throw new Error(`unknown --only ${only}: served, compare, newsletter or scale`);
  else if (hasFlag("report-only")) rewriteReport();
  else await runFullBench();
}

// Importing this module (a type check, a test) must not start a run.
if (import.meta.main) await main();
