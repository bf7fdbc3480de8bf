/**
 * Measurements 8 and 9, the site as served: Lighthouse over HTTP/2 and HTTP/1.1, and observed loads over HTTP/2.
 * Also runs alone against another checkout's build, so variants can be measured in turn and compared.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { ROOT, findFreePort } from "../scripts/wrangler.ts";
import {
  BROWSER_UA,
  PAGES,
  QUICK,
  RESULTS_DIR,
  describeHostLoad,
  hasFlag,
  log,
  readOption,
  waitForQuietHost,
  watchHostLoad,
} from "./common.ts";
import { buildSite, startDevServer, stopDevServer } from "./dev-server.ts";
import { startHttpsFront } from "./https-front.ts";
import { type LighthousePage, measureLighthouse } from "./lighthouse.ts";
import { measureObserved } from "./observed.ts";
import { type ServedFigures, type ServedReport, renderComparison, renderServedMarkdown } from "./report.ts";

/** Lighthouse on both origins (`http1` reuses or, as `null`, skips the HTTP/1.1 pass), then observed loads over h2. */
export async function measureServed(
  origins: { http: string; https: string },
  options: { lighthouseRuns: number; observedRuns: number; skipLighthouse?: boolean; http1?: LighthousePage[] | null },
): Promise<ServedFigures> {
  const { lighthouseRuns, observedRuns, skipLighthouse } = options;
  const http1 =
    options.http1 !== undefined || skipLighthouse
      ? (options.http1 ?? null)
      : await measureLighthouse(origins.http, { runs: lighthouseRuns });
  const http2 = skipLighthouse ? null : await measureLighthouse(origins.https, { runs: lighthouseRuns });
  const observed = await measureObserved(origins.https, { runs: observedRuns });
  return { lighthouseRuns, observedRuns, lighthouse: { http1, http2 }, observed };
}

/** The short commit of `root` and whether its work tree has changes, e.g. `3b43f9e+local changes`. */
export function describeCheckout(root: string): string {
  try {
    const commit = execFileSync("git", ["-C", root, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["-C", root, "status", "--porcelain", "--untracked-files=no"], {
      encoding: "utf8",
    }).trim();
    return dirty ? `${commit}+local changes` : commit;
  } catch {
    return "unknown";
  }
}

function resolveResultPath(label: string, extension: "json" | "md"): string {
  return path.join(RESULTS_DIR, `served-${label}.${extension}`);
}

/**
 * `npm run bench -- --only served`: builds and serves the checkout at `--root` or `BENCH_ROOT` (default this one)
 * behind the HTTPS front, then writes `bench/results/served-{label}.json` and `.md` here.
 */
export async function runServedBench(): Promise<void> {
  const root = path.resolve(readOption("root", "BENCH_ROOT") ?? ROOT);
  const label = (readOption("label", "BENCH_LABEL") ?? "current").replace(/[^\w.-]+/g, "-");
  const lighthouseRuns = Number(readOption("lighthouse-runs") ?? (QUICK ? 1 : 3));
  const observedRuns = Number(readOption("observed-runs") ?? (QUICK ? 3 : 5));
  if (!hasFlag("no-build")) {
    log(`building ${root}`);
    buildSite(root);
  }
  const persistDir = mkdtempSync(path.join(tmpdir(), "vpf-bench-served-"));
  const port = await findFreePort(Number(process.env.BENCH_PORT ?? 8900));
  const http = `http://127.0.0.1:${port}`;
  log(`serving ${root} (${describeCheckout(root)}) on ${http}`);
  const server = await startDevServer({ port, persistDir, cache: true, root });
  try {
    const front = await startHttpsFront({ port: await findFreePort(port + 1), upstream: http });
    try {
      log(`HTTPS + HTTP/2 front on ${front.origin}`);
      // Each page rendered once, so the measured loads are page-cache hits as most visitors get them.
      for (const page of PAGES)
        await (await fetch(`${http}${page.path}`, { headers: { "user-agent": BROWSER_UA } })).text();
      // The load is watched over the measurements, not over the build and the server's start before them.
      await waitForQuietHost();
      const stopWatchingLoad = watchHostLoad();
      const figures = await measureServed(
        { http, https: front.origin },
        { lighthouseRuns, observedRuns, skipLighthouse: hasFlag("skip-lighthouse") },
      );
      const report: ServedReport = {
        label,
        root,
        commit: describeCheckout(root),
        measuredAt: new Date().toISOString(),
        machine: `${process.platform} ${process.arch}, Node ${process.version}, ${cpus().length} cores`,
        hostLoad: stopWatchingLoad(),
        quick: QUICK,
        ...figures,
      };
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(resolveResultPath(label, "json"), `${JSON.stringify(report, null, 2)}\n`);
      const heading = [
        `# Served: ${label}`,
        "",
        `${root} at ${report.commit}, measured ${report.measuredAt} on ${report.machine}.${QUICK ? " QUICK RUN: not for quoting." : ""}`,
        "",
        describeHostLoad(report.hostLoad),
      ];
      writeFileSync(resolveResultPath(label, "md"), `${[...heading, ...renderServedMarkdown(figures)].join("\n")}\n`);
      log(`wrote ${path.relative(ROOT, resolveResultPath(label, "json"))} and .md`);
    } finally {
      await front.close();
    }
  } finally {
    stopDevServer(server);
    rmSync(persistDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- --only compare --labels a,b,c`: compares the labels' served results, printed and written to
 * `bench/results/served-comparison.md`. Throws when no labels are given or a label has no results.
 */
export function runServedComparison(): void {
  const labels = (readOption("labels", "BENCH_LABELS") ?? "").split(",").filter(Boolean);
  if (!labels.length) throw new Error("--only compare needs --labels a,b,…");
  const reports = labels.map(
    (label) => JSON.parse(readFileSync(resolveResultPath(label, "json"), "utf8")) as ServedReport,
  );
  const markdown = renderComparison(reports);
  writeFileSync(path.join(RESULTS_DIR, "served-comparison.md"), markdown);
  console.log(markdown);
}
