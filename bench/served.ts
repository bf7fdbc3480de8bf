/**
 * The site as it is served: Lighthouse over HTTPS + HTTP/2 beside plain
 * HTTP/1.1, and observed loads in throttled Chromium over HTTP/2. Part of
 * `npm run bench`, and on its own (`npm run bench -- --only served`) against
 * this checkout or another one's build, so variants of the site can be
 * measured one after the other and compared (`--only compare`).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { ROOT, findFreePort } from "../scripts/wrangler.ts";
import { BUDGETS } from "./budgets.ts";
import { BROWSER_UA, PAGES, QUICK, hasFlag, log, readOption } from "./common.ts";
import { buildSite, startDevServer, stopDevServer } from "./dev-server.ts";
import { startHttpsFront } from "./https-front.ts";
import { type LighthousePage, measureLighthouse } from "./lighthouse.ts";
import { type ObservedPage, measureObserved } from "./observed.ts";

const RESULTS_DIR = path.join(ROOT, "bench", "results");

/** The figures of one served measurement: Lighthouse per protocol and observed loads over h2. */
export interface ServedFigures {
  lighthouseRuns: number;
  observedRuns: number;
  lighthouse: {
    /** Plain HTTP/1.1 on 127.0.0.1; `null` when skipped. */
    http1: LighthousePage[] | null;
    /** HTTPS + HTTP/2 through the local front; `null` when skipped. */
    http2: LighthousePage[] | null;
  };
  observed: ObservedPage[];
}

/** A stand-alone served measurement (`--only served`), as written to `bench/results/served-{label}.json`. */
export interface ServedReport extends ServedFigures {
  label: string;
  /** The checkout whose build was served, its commit, and whether it had local changes. */
  root: string;
  commit: string;
  measuredAt: string;
  machine: string;
  quick: boolean;
}

/**
 * Measures the served site: Lighthouse on `origins.http` (unless `http1` is
 * given, e.g. the full bench's own HTTP/1.1 pass, or `null` to skip it) and on
 * `origins.https`, then `observedRuns` throttled loads per page over `origins.https`.
 */
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

function mark(ok: boolean): string {
  return ok ? "✅" : "❌";
}

function formatProtocols(protocols: Record<string, number> | undefined): string {
  return Object.entries(protocols ?? {})
    .map(([protocol, count]) => `${protocol} × ${count}`)
    .join(", ");
}

/** Whether a page's observed paint → hydrated gap is within budget (pages outside the budget's list always are). */
function meetsObservedGap(entry: ObservedPage): boolean {
  return !BUDGETS.observedPaintToHydratedPaths.includes(entry.path) || entry.gapMs <= BUDGETS.observedPaintToHydratedMs;
}

/**
 * The served figures as Markdown sections: Lighthouse per page and protocol,
 * then the observed loads.
 *
 * @returns lines, without a trailing blank line.
 */
export function renderServedMarkdown(figures: ServedFigures): string[] {
  const lines: string[] = [];
  const { http1, http2 } = figures.lighthouse;
  if (http1 || http2) {
    lines.push(
      "",
      "## Lighthouse over HTTPS + HTTP/2 beside HTTP/1.1 (mobile preset, the median run of each page)",
      "",
    );
    lines.push(
      "| page | protocol seen | performance (runs) | FCP ms | LCP ms | TBT ms | CLS | TTI ms | LCP element | budget |",
      "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | :---: |",
    );
    for (const page of PAGES) {
      for (const [column, results] of [
        ["h1", http1],
        ["h2", http2],
      ] as const) {
        const l = results?.find((entry) => entry.page === page.name);
        if (!l) continue;
        const budget =
          column === "h2"
            ? mark(l.performance >= BUDGETS.http2Performance && l.lcpMs <= BUDGETS.http2LcpMs && l.protocol === "h2")
            : "";
        const seen = l.protocol ? `${l.protocol} (${formatProtocols(l.protocols)})` : "not recorded";
        lines.push(
          `| ${page.path} | ${seen} | ${l.performance} (${l.performanceRuns.join(", ")}) | ${l.fcpMs} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} | ${l.ttiMs} | \`${l.lcpElement ?? "none"}\` | ${budget} |`,
        );
      }
    }
    lines.push(
      "",
      `${figures.lighthouseRuns} run(s) per page and protocol. Protocol seen: the main document's, from Lighthouse's network-requests audit, then the page's same-origin requests counted by protocol. h1: plain HTTP/1.1 to \`wrangler dev\` (Lantern models up to six fresh connections). h2: through the local HTTPS front (self-signed certificate, one h2 connection). Budgets over h2: performance ${BUDGETS.http2Performance} on all five, LCP ≤ ${BUDGETS.http2LcpMs} ms.`,
    );
  }
  lines.push("", "## Observed over HTTP/2 (real Chromium, Slow 4G, 4× CPU, 390 × 844, cold cache)", "");
  lines.push(
    `| page | protocol seen | loads | FCP ms | LCP ms | hydrated ms | FCP → hydrated ms | LCP → hydrated ms | LCP element | budget ≤ ${BUDGETS.observedPaintToHydratedMs} |`,
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | :---: |",
  );
  for (const o of figures.observed) {
    const budget = BUDGETS.observedPaintToHydratedPaths.includes(o.path) ? mark(meetsObservedGap(o)) : "";
    lines.push(
      `| ${o.path} | ${o.protocol} (${formatProtocols(o.resourceProtocols)}) | ${o.loads} | ${o.fcpMs} | ${o.lcpMs} | ${o.hydratedMs} | ${o.gapMs} | ${o.lcpToHydratedMs} | \`${o.lcpElement}\` | ${budget} |`,
    );
  }
  lines.push(
    "",
    `Medians of ${figures.observedRuns} loads per page, each in a fresh browser context (cold cache, a new connection), ms since navigation start. FCP from paint timing; LCP the last \`largest-contentful-paint\` candidate, read after hydration, \`load\` and 500 ms more; hydrated the \`vpf:hydrated\` mark. Budget: FCP → hydrated ≤ ${BUDGETS.observedPaintToHydratedMs} ms on ${BUDGETS.observedPaintToHydratedPaths.join(", ")}.`,
  );
  return lines;
}

/** The short commit of `root` and whether its work tree has changes, e.g. `3b43f9e+local changes`. */
function describeCheckout(root: string): string {
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

function resultPath(label: string, extension: "json" | "md"): string {
  return path.join(RESULTS_DIR, `served-${label}.${extension}`);
}

/**
 * `npm run bench -- --only served`: builds (unless `--no-build`) the
 * checkout named by `--root` or `BENCH_ROOT` (default this one), serves it
 * with `wrangler dev` behind the HTTPS front, measures it and writes
 * `bench/results/served-{label}.json` and `.md` here (label from `--label` or
 * `BENCH_LABEL`, default `current`). Runs: `--lighthouse-runs` (default 3, 1
 * with `--quick`) and `--observed-runs` (default 5, 3 with `--quick`);
 * `--skip-lighthouse` measures only the observed loads.
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
        quick: QUICK,
        ...figures,
      };
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(resultPath(label, "json"), `${JSON.stringify(report, null, 2)}\n`);
      const heading = [
        `# Served: ${label}`,
        "",
        `${root} at ${report.commit}, measured ${report.measuredAt} on ${report.machine}.${QUICK ? " QUICK RUN: not for quoting." : ""}`,
      ];
      writeFileSync(resultPath(label, "md"), `${[...heading, ...renderServedMarkdown(figures)].join("\n")}\n`);
      log(`wrote ${path.relative(ROOT, resultPath(label, "json"))} and .md`);
    } finally {
      await front.close();
    }
  } finally {
    stopDevServer(server);
    rmSync(persistDir, { recursive: true, force: true });
  }
}

/**
 * The comparison of served measurements, one row per variant and page:
 * Lighthouse over h2 (performance, simulated FCP and LCP), the same over h1
 * when measured, and the observed FCP, LCP, hydrated and gaps over h2.
 *
 * @returns Markdown.
 */
export function renderComparison(reports: ServedReport[]): string {
  const lines = [
    "# Served variants side by side",
    "",
    `Variants: ${reports.map((r) => `${r.label} (${r.commit}, ${r.measuredAt}${r.quick ? ", quick" : ""}; ${r.lighthouseRuns} Lighthouse run(s), ${r.observedRuns} observed loads per page)`).join("; ")}.`,
    "",
    "| variant | page | h2 perf | h2 sim FCP ms | h2 sim LCP ms | h1 perf | h1 sim LCP ms | observed FCP ms | observed LCP ms | observed hydrated ms | FCP → hydrated ms | LCP → hydrated ms |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const page of PAGES) {
    for (const report of reports) {
      const h2 = report.lighthouse.http2?.find((entry) => entry.page === page.name);
      const h1 = report.lighthouse.http1?.find((entry) => entry.page === page.name);
      const o = report.observed.find((entry) => entry.page === page.name);
      const cell = (value: number | undefined) => (value === undefined ? "–" : String(value));
      lines.push(
        `| ${report.label} | ${page.path} | ${cell(h2?.performance)} | ${cell(h2?.fcpMs)} | ${cell(h2?.lcpMs)} | ${cell(h1?.performance)} | ${cell(h1?.lcpMs)} | ${cell(o?.fcpMs)} | ${cell(o?.lcpMs)} | ${cell(o?.hydratedMs)} | ${cell(o?.gapMs)} | ${cell(o?.lcpToHydratedMs)} |`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * `npm run bench -- --only compare --labels a,b,c`: reads
 * `bench/results/served-{label}.json` for each label, prints the comparison
 * and writes it to `bench/results/served-comparison.md`.
 *
 * @throws Error when no labels are given or a label has no results.
 */
export function runServedComparison(): void {
  const labels = (readOption("labels", "BENCH_LABELS") ?? "").split(",").filter(Boolean);
  if (!labels.length) throw new Error("--only compare needs --labels a,b,…");
  const reports = labels.map((label) => JSON.parse(readFileSync(resultPath(label, "json"), "utf8")) as ServedReport);
  const markdown = renderComparison(reports);
  writeFileSync(path.join(RESULTS_DIR, "served-comparison.md"), markdown);
  console.log(markdown);
}
