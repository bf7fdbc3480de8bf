/** `npm run vitals` (rule 8.5): each Web Vital's p75 per route, from Analytics Engine (`worker/vitals.ts`). */
import * as v from "valibot";
import { readCommandLine, wantsHelp } from "./cli-args.ts";

/** The dataset `wrangler.toml` binds as `VITALS`. */
const VITALS_DATASET = "vpf_vitals";

/** Days Analytics Engine keeps data points. */
const MAX_DAYS = 92;

const METRICS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;

const VITALS_USAGE = `Usage: npm run vitals -- [--days N] [--help]   (N from 1 to ${MAX_DAYS}, default 7)
Needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (a token with Account Analytics: Read).`;

/** Reads the arguments after `npm run vitals --` into `{ days }` (1 to 92, default 7); throws with the usage. */
export function parseVitalsArgs(argv: readonly string[]): { days: number } {
  const { values, positionals } = readCommandLine(argv, { days: { type: "string", default: "7" } }, VITALS_USAGE);
  if (positionals[0] !== undefined) throw new Error(`Unknown argument "${positionals[0]}".\n${VITALS_USAGE}`);
  const days = values.days;
  if (!/^\d{1,3}$/.test(days) || Number(days) < 1 || Number(days) > MAX_DAYS) {
    throw new Error(`--days must be a whole number from 1 to ${MAX_DAYS}.\n${VITALS_USAGE}`);
  }
  return { days: Number(days) };
}

/** The p75 and count per route and metric, weighted by sample interval (Analytics Engine samples); `days` checked. */
export function buildVitalsSql(days: number): string {
  return `SELECT blob1 AS route, blob2 AS metric,
  quantileWeighted(0.75)(double1, _sample_interval) AS p75,
  sum(_sample_interval) AS samples
FROM ${VITALS_DATASET}
WHERE timestamp > NOW() - INTERVAL '${Math.trunc(days)}' DAY
GROUP BY blob1, blob2
ORDER BY route, metric
FORMAT JSON`;
}

/** A number the API may send as a JSON number or, for 64-bit integers, as a string. */
const NumberSchema = v.union([
  v.pipe(v.number(), v.finite()),
  v.pipe(v.string(), v.regex(/^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i), v.transform(Number)),
]);

/** The SQL API's JSON answer (`FORMAT JSON`): only `data` is read. */
const VitalsAnswerSchema = v.object({
  data: v.array(v.object({ route: v.string(), metric: v.string(), p75: NumberSchema, samples: NumberSchema })),
});

/** A route pattern, a metric, its p75 (ms, CLS unitless) and the measurements behind it. */
type VitalsRow = v.InferOutput<typeof VitalsAnswerSchema>["data"][number];

/** Runs the query: rows by route and metric; throws naming the HTTP status or the shape that did not fit. */
async function queryVitals(query: { baseUrl: string; accountId: string; token: string; days: number }) {
  const url = `${query.baseUrl.replace(/\/+$/, "")}/accounts/${encodeURIComponent(query.accountId)}/analytics_engine/sql`;
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${query.token}`, "content-type": "text/plain" },
    body: buildVitalsSql(query.days),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`The Analytics Engine SQL API answered ${response.status}: ${text.slice(0, 300)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`The Analytics Engine SQL API answered something that is not JSON: ${text.slice(0, 300)}`);
  }
  const parsed = v.safeParse(VitalsAnswerSchema, json);
  if (!parsed.success) {
    const where = v.getDotPath(parsed.issues[0]!) ?? "(answer)";
    throw new Error(`The Analytics Engine SQL API's answer does not have the expected shape (at ${where}).`);
  }
  return parsed.output.data;
}

function formatValue(metric: string, value: number | undefined): string {
  if (value === undefined) return "-";
  return metric === "CLS" ? value.toFixed(3) : String(Math.round(value));
}

/** The printed table: per route, each metric's p75 (ms, CLS unitless, `-` when none) and its top metric's count. */
function formatVitalsTable(rows: readonly VitalsRow[], days: number): string {
  const title = `p75 per route, last ${days} day${days === 1 ? "" : "s"} (${VITALS_DATASET}; ms, CLS unitless)`;
  if (rows.length === 0) return `${title}\nNo data points yet.`;
  const routes = new Map<string, { samples: number; p75: Map<string, number> }>();
  for (const row of rows) {
    const entry = routes.get(row.route) ?? { samples: 0, p75: new Map<string, number>() };
    entry.samples = Math.max(entry.samples, Math.round(row.samples));
    entry.p75.set(row.metric, row.p75);
    routes.set(row.route, entry);
  }
  const header = ["route", "samples", ...METRICS];
  const lines = [...routes].map(([route, entry]) => [
    route,
    String(entry.samples),
    ...METRICS.map((metric) => formatValue(metric, entry.p75.get(metric))),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...lines].map((line) => line[column]!.length)));
  const render = (line: string[]) =>
    line
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ")
      .trimEnd();
  return [title, "", render(header), ...lines.map(render)].join("\n");
}

/**
 * The whole command, reading `CLOUDFLARE_ACCOUNT_ID`, `CLOUDFLARE_API_TOKEN` and `CLOUDFLARE_API_BASE_URL` from `env`.
 * @returns the exit code: 0 printed, 1 the API failed, 2 bad arguments or missing credentials.
 */
export async function runVitals(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  out: { log(text: string): void; error(text: string): void },
): Promise<number> {
  if (wantsHelp(argv)) {
    out.log(VITALS_USAGE);
    return 0;
  }
  const accountId = env.CLOUDFLARE_ACCOUNT_ID?.trim() ?? "";
  const token = env.CLOUDFLARE_API_TOKEN?.trim() ?? "";
  const missing = [!accountId && "CLOUDFLARE_ACCOUNT_ID", !token && "CLOUDFLARE_API_TOKEN"].filter(Boolean);
  let failure = 2; // bad arguments or credentials until the query runs
  try {
    const { days } = parseVitalsArgs(argv);
    if (missing.length > 0) {
      throw new Error(
        `Set ${missing.join(" and ")} to read the field data: the account id is on the dashboard's ` +
          `overview, the token needs Account Analytics: Read.\n${VITALS_USAGE}`,
      );
    }
    failure = 1;
    const baseUrl = env.CLOUDFLARE_API_BASE_URL?.trim() || "https://api.cloudflare.com/client/v4";
    out.log(formatVitalsTable(await queryVitals({ baseUrl, accountId, token, days }), days));
    return 0;
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error));
    return failure;
  }
}
