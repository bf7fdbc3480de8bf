/**
 * `POST /api/csp-report` (rule 8.4): browsers post Content-Security-Policy
 * violations here, either one legacy `application/csp-report` object or a
 * Reporting API batch (`application/reports+json`). Each violation becomes
 * one structured log line (`event: "csp.violation"`) holding only the
 * directive, the blocked origin (or a keyword such as `inline`), the page's
 * path and the disposition, never a URL's query, and the answer is 204.
 *
 * The kit (`json-endpoint.ts`) answers everything else with a 4xx, never a
 * 5xx: 429 past the rate limit, 415, 413 past `MAX_CSP_REPORT_BYTES`, 400
 * `invalid_json` or `invalid_report`. There is no same-origin check: the
 * browser's reporting sends these posts, from any context, as media types
 * Hono's `csrf` never inspects, so it would guard nothing. Values are cut to
 * 300 characters and at most 10 violations of one batch are logged.
 */
import type { Hono } from "hono";
import * as v from "valibot";
import { jsonEndpoint } from "./json-endpoint";
import { CSP_REPORT_PATH } from "./security-headers";
import type { WorkerEnv } from "./types";

/** Largest report body read, in bytes (8 KiB). */
export const MAX_CSP_REPORT_BYTES = 8 * 1024;

/** Longest value kept from a report field, in characters. */
const MAX_FIELD_LENGTH = 300;

const FieldSchema = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => cut(value)),
  ),
);

/** A legacy report: `{ "csp-report": { "document-uri": …, … } }`. */
export const LegacyCspReportSchema = v.object({
  "csp-report": v.object({
    "document-uri": FieldSchema,
    "violated-directive": FieldSchema,
    "effective-directive": FieldSchema,
    "blocked-uri": FieldSchema,
    disposition: FieldSchema,
  }),
});

/** A Reporting API batch: `[{ type: "csp-violation", body: { documentURL, … } }, …]`. */
export const ReportBatchSchema = v.array(
  v.object({
    type: v.string(),
    body: v.optional(
      v.object({
        documentURL: FieldSchema,
        effectiveDirective: FieldSchema,
        blockedURL: FieldSchema,
        disposition: FieldSchema,
      }),
    ),
  }),
);

function cut(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return String(value).slice(0, MAX_FIELD_LENGTH);
}

/** The page's path, without its query or fragment. */
function readPath(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

/** The blocked resource's origin, or its keyword (`inline`, `eval`, `data`, …) as the browser sent it. */
function readBlocked(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.origin === "null" ? url.protocol.replace(/:$/, "") : url.origin;
  } catch {
    return /^[a-z-]{1,20}$/i.test(value) ? value : "other";
  }
}

/** A report body of either shape, read as its violations (at most 10): `{ document, directive, blocked, disposition }`. */
export const CspReportSchema = v.union([
  v.pipe(
    LegacyCspReportSchema,
    v.transform(({ "csp-report": report }) => [
      {
        document: readPath(report["document-uri"]),
        directive: report["effective-directive"] ?? report["violated-directive"],
        blocked: readBlocked(report["blocked-uri"]),
        disposition: report.disposition,
      },
    ]),
  ),
  v.pipe(
    ReportBatchSchema,
    v.transform((batch) =>
      batch
        .filter((report) => report.type === "csp-violation" && report.body)
        .slice(0, 10)
        .map(({ body }) => ({
          document: readPath(body?.documentURL),
          directive: body?.effectiveDirective,
          blocked: readBlocked(body?.blockedURL),
          disposition: body?.disposition,
        })),
    ),
  ),
]);

/** The report route, mounted on the worker app. */
export function cspReportRoutes(): Hono<WorkerEnv> {
  return jsonEndpoint({
    path: CSP_REPORT_PATH,
    noun: "report",
    limiter: (bindings) => bindings.cspReportLimiter,
    mediaTypes: ["application/csp-report", "application/reports+json", "application/json"],
    maxBytes: MAX_CSP_REPORT_BYTES,
    schema: CspReportSchema,
    invalid: { error: "invalid_report" },
    handle: (c, violations) => {
      for (const violation of violations) {
        console.warn(JSON.stringify({ level: "warn", event: "csp.violation", ...violation }));
      }
      return c.body(null, 204);
    },
  });
}
