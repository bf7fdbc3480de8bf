/** The bench's reports (Markdown, and an SVG chart for a full run) and the shapes of the JSON they render from. */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { BUDGETS } from "./budgets.ts";
import { CPU_SLOWDOWN, type HostLoad, PAGES, RESULTS_DIR, RUNS, SLOW_4G, describeHostLoad, log } from "./common.ts";
import { type HtmlSize, isArticlePath } from "./html-size.ts";
import type { Interactivity } from "./interactivity.ts";
import type { JavaScriptPage } from "./javascript.ts";
import type { LighthousePage } from "./lighthouse.ts";
import type { LoadRun } from "./load.ts";
import type { ObservedPage } from "./observed.ts";
import { PROFILED_RENDERS, type RenderCost, SAMPLING_INTERVAL_US } from "./render-cost.ts";
import type { Streaming } from "./streaming.ts";
import { CONNECTIONS, type ThroughputPage, type ThroughputRow } from "./throughput.ts";

/** A full run, as written to `bench/results/latest.json`; optional fields are absent in older reports. */
export interface Report {
  /** ISO 8601. */
  measuredAt: string;
  machine: string;
  /** Absent in older reports. */
  hostLoad?: HostLoad;
  quick: boolean;
  budgets: typeof BUDGETS;
  throughput: ThroughputRow[];
  /** Full render of `FLOOR_PAGE` against its static copy. */
  floor?: ThroughputPage;
  renderCost?: RenderCost[];
  javascript: JavaScriptPage[];
  /** `null` with `--skip-lighthouse`. */
  lighthouse: LighthousePage[] | null;
  /** Measurements 8 and 9. */
  served?: ServedFigures;
  streaming: Streaming;
  load: LoadRun[];
  /** The oldest reports hold only the gzip sizes, as an array. */
  html?: HtmlSize | Array<{ page: string; gzipKb: number }>;
  interactivity?: Interactivity;
}

/** The figures of one served measurement: Lighthouse per protocol and observed loads over h2. */
export interface ServedFigures {
  lighthouseRuns: number;
  observedRuns: number;
  lighthouse: {
    /** Plain HTTP/1.1, and HTTPS + HTTP/2 through the local front; `null` when skipped. */
    http1: LighthousePage[] | null;
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
  hostLoad?: HostLoad;
  quick: boolean;
}

function formatMark(ok: boolean): string {
  return ok ? "✅" : "❌";
}

/** Protocol counts as `h2 × 21, http/1.1 × 1`. */
function formatProtocols(protocols: Record<string, number> | undefined): string {
  return Object.entries(protocols ?? {})
    .map(([protocol, count]) => `${protocol} × ${count}`)
    .join(", ");
}

/** Whether a page's observed paint → hydrated gap and LCP over its zero-JavaScript copy's are within budget. */
function meetsObservedBudgets(entry: ObservedPage): boolean {
  return entry.gapMs <= BUDGETS.observedPaintToHydratedMs && entry.lcpRatio <= BUDGETS.observedLcpRatio;
}

/** Whether the Lighthouse results meet the performance budget: 100 everywhere, one point less on at most one page. */
function meetsPerformanceBudget(lighthouse: LighthousePage[]): boolean {
  const below = lighthouse.filter((l) => l.performance < BUDGETS.lighthousePerformance);
  return (
    below.length <= 1 &&
    below.every((l) => l.performance >= BUDGETS.lighthousePerformance - BUDGETS.lighthousePerformanceSlack)
  );
}

/** Bar chart: per page, the cache-hit and the full-render ratio to static, with both budgets. */
function renderSvg(throughput: ThroughputRow[]): string {
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
      const drawBar = (ratio: number, dy: number, colour: string, pass: boolean) => {
        const w = Math.max(1, ratio * scale);
        const label = `${ratio.toFixed(2)}${pass ? "" : " ✗"}`;
        return `<rect x="${left}" y="${y + dy}" width="${w.toFixed(1)}" height="${barHeight - 2}" fill="${colour}"/><text x="${(left + w + 6).toFixed(1)}" y="${y + dy + 12}" font-size="12">${label}</text>`;
      };
      return [
        `<text x="${left - 10}" y="${y + barHeight + 4}" text-anchor="end">${entry.page}</text>`,
        drawBar(entry.cachedRatio, 0, colours.cached, entry.cachedRatio >= BUDGETS.cachedThroughputRatio),
        drawBar(entry.fullRatio, barHeight, colours.full, entry.fullRatio >= BUDGETS.throughputRatio),
      ].join("");
    })
    .join("");
  const height = top + throughput.length * (2 * barHeight + groupGap) + 20;
  const drawBudgetLine = (ratio: number, colour: string) => {
    const x = (left + ratio * scale).toFixed(1);
    return `<line x1="${x}" y1="${top - 6}" x2="${x}" y2="${height - 14}" stroke="${colour}" stroke-dasharray="4 4"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="14" role="img" aria-label="SSR throughput per page, cache hit and full render, as a ratio to the static copy">
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="${left}" y="22" font-weight="700">SSR throughput / static copy, per page</text>
<rect x="${left}" y="32" width="12" height="12" fill="${colours.cached}"/><text x="${left + 18}" y="43" font-size="12">cache hit (budget ≥ ${BUDGETS.cachedThroughputRatio})</text>
<rect x="${left + 220}" y="32" width="12" height="12" fill="${colours.full}"/><text x="${left + 238}" y="43" font-size="12">full render (budget ≥ ${BUDGETS.throughputRatio})</text>
${rows}
${drawBudgetLine(BUDGETS.cachedThroughputRatio, colours.cached)}
${drawBudgetLine(BUDGETS.throughputRatio, colours.full)}
</svg>
`;
}

/** A full run as Markdown: one table per measurement, each row marked against its budget. */
function renderMarkdown(report: Report): string {
  const lines: string[] = [];
  lines.push(`# Benchmark results`, "");
  lines.push(
    `Measured ${report.measuredAt} on ${report.machine}. Medians of ${RUNS}+ runs.${report.quick ? " QUICK RUN: not for quoting." : ""}`,
    "",
    describeHostLoad(report.hostLoad),
    "",
  );
  lines.push("![SSR throughput per page, cache hit and full render](throughput.svg)", "");
  lines.push(...renderThroughput(report));
  lines.push(...renderJavascript(report));
  lines.push(...renderLighthouse(report));
  lines.push(...renderRenderCost(report));
  lines.push(...renderHtmlSize(report));
  lines.push(...renderInteractivity(report));
  if (report.served) lines.push(...renderServedMarkdown(report.served));
  lines.push(...renderStreamingAndLoad(report));
  lines.push("");
  return lines.join("\n");
}

function renderThroughput(report: Report): string[] {
  const lines: string[] = [];
  lines.push(`## SSR throughput (${CONNECTIONS} connections, browser UA)`, "");
  lines.push(
    `| page | cache hit rps | static rps | ratio | budget ≥ ${BUDGETS.cachedThroughputRatio} | full render rps | static rps | ratio | budget ≥ ${BUDGETS.throughputRatio} |`,
    "| --- | ---: | ---: | ---: | :---: | ---: | ---: | ---: | :---: |",
  );
  for (const t of report.throughput) {
    lines.push(
      `| ${t.path} | ${t.cachedRps} | ${t.cachedStaticRps} | ${t.cachedRatio.toFixed(3)} | ${formatMark(t.cachedRatio >= BUDGETS.cachedThroughputRatio)} | ${t.fullRps} | ${t.fullStaticRps} | ${t.fullRatio.toFixed(3)} | ${formatMark(t.fullRatio >= BUDGETS.throughputRatio)} |`,
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
  return lines;
}

/** JavaScript and images fetched by idle (measurement 2). */
function renderJavascript(report: Report): string[] {
  const lines: string[] = [];
  lines.push("", "## JavaScript and images fetched by the time the page is idle (mobile viewport)", "");
  lines.push(
    "| page | JS files | JS kB gzip | budget | supabase-js | cart drawer | within budget | images | image kB |",
    "| --- | ---: | ---: | ---: | :---: | :---: | :---: | ---: | ---: |",
  );
  for (const j of report.javascript) {
    const ok = j.gzipKb <= j.budgetKb && !j.hasSupabase && (j.kind === "store" || !j.hasDrawer);
    lines.push(
      `| ${j.page} | ${j.files} | ${j.gzipKb} | ${j.budgetKb} | ${j.hasSupabase ? "present" : "absent"} | ${j.hasDrawer ? "present" : "absent"} | ${formatMark(ok)} | ${j.images} | ${j.imageKb} |`,
    );
  }
  lines.push(
    "",
    "Scripts, modulepreloads and every lazy chunk Chromium fetched without a visitor's action until the network was quiet for 2 s.",
  );
  return lines;
}

/** Lighthouse over HTTP/1.1 (measurement 3), when it ran. */
function renderLighthouse(report: Report): string[] {
  const lines: string[] = [];
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
        `| ${l.page} | ${l.performance} (${l.performanceRuns.join(", ")}) | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.cls} | ${l.tbtMs} | ${l.fcpMs} | ${l.lcpMs} | ${l.ttiMs} | \`${l.lcpElement ?? "none"}\` | ${formatMark(ok)} |`,
      );
    }
    lines.push(
      "",
      `Budgets: performance ${BUDGETS.lighthousePerformance} on every page (${BUDGETS.lighthousePerformance - BUDGETS.lighthousePerformanceSlack} allowed on at most one): ${formatMark(meetsPerformanceBudget(report.lighthouse))}; LCP ≤ ${BUDGETS.lcpMs} ms; TTI ≤ ${BUDGETS.ttiMs} ms; TBT ≤ ${BUDGETS.tbtMs} ms; CLS ≤ ${BUDGETS.cls}; accessibility, best practices and SEO ${BUDGETS.lighthouseAccessibility}.`,
    );
  }
  return lines;
}

/** The worker's CPU per render (measurement 1b), when it ran. */
function renderRenderCost(report: Report): string[] {
  const lines: string[] = [];
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
  return lines;
}

/** HTML bytes on the wire (measurement 6), when it ran. */
function renderHtmlSize(report: Report): string[] {
  const lines: string[] = [];
  if (report.html && !Array.isArray(report.html)) {
    const { pages, sitemapPages, largest, largestArticle } = report.html;
    const budgetOf = (path: string) => (isArticlePath(path) ? BUDGETS.articleWireBytes : BUDGETS.htmlWireBytes);
    lines.push("", "## HTML size (one round trip)", "");
    lines.push("| page | bytes on the wire | budget | document alone, gzip -9 kB |", "| --- | ---: | :---: | ---: |");
    for (const h of pages) {
      const budget = budgetOf(PAGES.find((page) => page.name === h.page)?.path ?? "");
      lines.push(`| ${h.page} | ${h.wireBytes} | ≤ ${budget} ${formatMark(h.wireBytes <= budget)} | ${h.gzipKb} |`);
    }
    for (const [label, entry] of [
      ["page", largest],
      ["article", largestArticle],
    ] as const) {
      if (!entry) continue;
      const budget = budgetOf(entry.path);
      lines.push(
        `| largest ${label} of the ${sitemapPages} sitemap pages: ${entry.path} | ${entry.wireBytes} | ≤ ${budget} ${formatMark(entry.wireBytes <= budget)} | |`,
      );
    }
    lines.push(
      "",
      "Budgets: one initial congestion window (14,600 bytes), two for an article (rule 10.3).",
      "",
      "Bytes on the wire: the HTTP/1.1 response to a browser asking for gzip, a page-cache hit (status line, headers with the page's CSP, the gzip body and its chunk framing), against one initial congestion window (RFC 6928: 10 × 1,460 bytes).",
    );
  }
  return lines;
}

/** Interactive when painted (measurement 7), when it ran. */
function renderInteractivity(report: Report): string[] {
  const lines: string[] = [];
  if (report.interactivity) {
    lines.push("", "## Interactive when painted (Slow 4G, 4× CPU, mobile viewport)", "");
    lines.push(
      `| page | first contentful paint ms | hydrated ms | gap ms | budget ≤ ${BUDGETS.paintToHydratedMs} |`,
      "| --- | ---: | ---: | ---: | :---: |",
    );
    for (const i of report.interactivity.pages) {
      lines.push(
        `| ${i.page} | ${i.fcpMs} | ${i.hydratedMs} | ${i.gapMs} | ${formatMark(i.gapMs <= BUDGETS.paintToHydratedMs)} |`,
      );
    }
    const lost = report.interactivity.lostInteraction;
    lines.push(
      "",
      `Lost-interaction check: Add to Cart clicked 200 ms after the product page's first paint (${lost.clickedBeforeHydration ? "before" : "after"} hydration) left lines of quantity [${lost.quantities.join(", ")}]: ${formatMark(lost.ok)}.`,
    );
  }
  return lines;
}

/** Streaming (measurement 4) and load (measurement 5). */
function renderStreamingAndLoad(report: Report): string[] {
  const lines: string[] = [];
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
      `| ${l.connections} | ${l.seconds} | ${l.requests} | ${l.rps} | ${l.errors} | ${l.timeouts} | ${l.non2xx} | ${l.latencyP50Ms} | ${l.latencyP99Ms} | ${formatMark(l.errors === 0 && l.non2xx === 0 && l.timeouts === 0)} |`,
    );
  }
  return lines;
}

/** The served figures as Markdown lines (Lighthouse per protocol, then observed loads), no trailing blank line. */
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
      "| page | protocol seen | host's benchmark index | performance (runs) | FCP ms | LCP ms | TBT ms | CLS | TTI ms | LCP element | budget |",
      "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | :---: |",
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
            ? formatMark(
                l.performance >= BUDGETS.http2Performance && l.lcpMs <= BUDGETS.http2LcpMs && l.protocol === "h2",
              )
            : "";
        const seen = l.protocol ? `${l.protocol} (${formatProtocols(l.protocols)})` : "not recorded";
        lines.push(
          `| ${page.path} | ${seen} | ${l.benchmarkIndex ?? "not recorded"} | ${l.performance} (${l.performanceRuns.join(", ")}) | ${l.fcpMs} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} | ${l.ttiMs} | \`${l.lcpElement ?? "none"}\` | ${budget} |`,
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
    "| page | protocol seen | loads | FCP ms | LCP ms | zero-JS copy's LCP ms | LCP ratio | hydrated ms | FCP → hydrated ms | LCP → hydrated ms | LCP element | budget |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | :---: |",
  );
  for (const o of figures.observed) {
    // Reports written before the zero-JavaScript copy was measured have no `zeroJs`.
    const copy = o.zeroJs ? `${o.zeroJs.lcpMs} | ${o.lcpRatio.toFixed(2)}` : "– | –";
    const budget = o.zeroJs ? formatMark(meetsObservedBudgets(o)) : "";
    lines.push(
      `| ${o.path} | ${o.protocol} (${formatProtocols(o.resourceProtocols)}) | ${o.loads} | ${o.fcpMs} | ${o.lcpMs} | ${copy} | ${o.hydratedMs} | ${o.gapMs} | ${o.lcpToHydratedMs} | \`${o.lcpElement}\` | ${budget} |`,
    );
  }
  lines.push(
    "",
    `Medians of ${figures.observedRuns} loads per page and as many of its zero-JavaScript copy (the same HTML without scripts or module preloads, gzip'd through the same front), alternating, each in a fresh browser context (cold cache, a new connection), ms since navigation start. FCP from paint timing; LCP the last \`largest-contentful-paint\` candidate, read after hydration, \`load\` and 500 ms more; hydrated the \`vpf:hydrated\` mark. LCP ratio: the page's LCP over its copy's. Budgets on every page: LCP ratio ≤ ${BUDGETS.observedLcpRatio}, FCP → hydrated ≤ ${BUDGETS.observedPaintToHydratedMs} ms.`,
  );
  const withFloors = figures.observed.filter((o) => o.floors);
  if (withFloors.length) {
    lines.push("", "### The floor beside the measurement", "");
    lines.push(
      "| page | before paint: requests, kB | transfer ms | floor ms | FCP ms | over the floor ms | before hydration: requests, kB | transfer ms | main thread ms | floor ms | hydrated ms | over the floor ms |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const o of withFloors) {
      const { paint, hydrated } = o.floors;
      const kB = (bytes: number) => (bytes / 1000).toFixed(1);
      lines.push(
        `| ${o.path} | ${paint.requests}, ${kB(paint.bytes)} | ${paint.transferMs} | ${paint.floorMs} | ${o.fcpMs} | ${o.fcpMs - paint.floorMs} | ${hydrated.requests}, ${kB(hydrated.bytes)} | ${hydrated.transferMs} | ${hydrated.mainThreadMs} | ${hydrated.floorMs} | ${o.hydratedMs} | ${o.hydratedMs - hydrated.floorMs} |`,
      );
    }
    lines.push(
      "",
      `Medians over the same loads. Before paint or hydration: the document and every resource whose answer had ended by then, with the bytes as transferred (\`transferSize\`). Transfer: those bytes at Slow 4G's ${SLOW_4G.downloadThroughput * 8 / 1_000_000} Mbit/s. Main thread: the renderer's task time (CDP \`TaskDuration\`) from navigation until hydration was seen, at ${CPU_SLOWDOWN}× CPU. Floor: one request's ${SLOW_4G.latency} ms latency plus the longer of transfer and main thread (they may overlap); the paint floor counts the network alone.`,
    );
  }
  return lines;
}

/** The comparison of served measurements as Markdown, one row per variant and page. */
export function renderComparison(reports: ServedReport[]): string {
  const lines = [
    "# Served variants side by side",
    "",
    `Variants: ${reports.map((r) => `${r.label} (${r.commit}, ${r.measuredAt}${r.quick ? ", quick" : ""}; ${r.lighthouseRuns} Lighthouse run(s), ${r.observedRuns} observed loads per page)`).join("; ")}.`,
    "",
    ...reports.map((r) => `${r.label}: ${describeHostLoad(r.hostLoad)}`),
    "",
    "| variant | page | h2 perf | h2 sim FCP ms | h2 sim LCP ms | h1 perf | h1 sim LCP ms | observed FCP ms | observed LCP ms | observed hydrated ms | FCP → hydrated ms | LCP → hydrated ms |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const page of PAGES) {
    for (const report of reports) {
      const h2 = report.lighthouse.http2?.find((entry) => entry.page === page.name);
      const h1 = report.lighthouse.http1?.find((entry) => entry.page === page.name);
      const o = report.observed.find((entry) => entry.page === page.name);
      const formatCell = (value: number | undefined) => (value === undefined ? "–" : String(value));
      lines.push(
        `| ${report.label} | ${page.path} | ${formatCell(h2?.performance)} | ${formatCell(h2?.fcpMs)} | ${formatCell(h2?.lcpMs)} | ${formatCell(h1?.performance)} | ${formatCell(h1?.lcpMs)} | ${formatCell(o?.fcpMs)} | ${formatCell(o?.lcpMs)} | ${formatCell(o?.hydratedMs)} | ${formatCell(o?.gapMs)} | ${formatCell(o?.lcpToHydratedMs)} |`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Writes `latest.json`, `latest.md` and `throughput.svg` in `bench/results`. */
export function writeReport(report: Report): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(RESULTS_DIR, "latest.md"), renderMarkdown(report));
  writeFileSync(path.join(RESULTS_DIR, "throughput.svg"), renderSvg(report.throughput));
  log("wrote bench/results/latest.json, latest.md and throughput.svg");
}

/** Renders `latest.md` and `throughput.svg` again from `latest.json`, measuring nothing. */
export function rewriteReport(): void {
  const report = JSON.parse(readFileSync(path.join(RESULTS_DIR, "latest.json"), "utf8")) as Report;
  writeFileSync(path.join(RESULTS_DIR, "latest.md"), renderMarkdown(report));
  writeFileSync(path.join(RESULTS_DIR, "throughput.svg"), renderSvg(report.throughput));
  log("rewrote bench/results/latest.md and throughput.svg from latest.json");
}
