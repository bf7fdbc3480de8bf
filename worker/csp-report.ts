/**
 * `POST /api/csp-report` (rule 8.4): each violation is logged without any URL's query. No same-origin check: browsers
 * send reports from any context, as media types Hono's `csrf` never inspects, so it would guard nothing.
 */
import type { Hono } from "hono";
import * as v from "valibot";
import { jsonEndpoint } from "./json-endpoint";
import { CSP_REPORT_PATH } from "./security-headers";
import type { WorkerEnv } from "./types";

export const MAX_CSP_REPORT_BYTES = 8 * 1024;

const MAX_FIELD_LENGTH = 300;

const FieldSchema = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((value) => cut(value)),
  ),
);

/** `application/csp-report`. */
export const LegacyCspReportSchema = v.object({
  "csp-report": v.object({
    "document-uri": FieldSchema,
    "violated-directive": FieldSchema,
    "effective-directive": FieldSchema,
    "blocked-uri": FieldSchema,
    disposition: FieldSchema,
  }),
});

/** A Reporting API batch (`application/reports+json`). */
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

function readPath(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

/** The blocked origin, or a keyword such as `inline`. */
function readBlocked(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.origin === "null" ? url.protocol.replace(/:$/, "") : url.origin;
  } catch {
    return /^[a-z-]{1,20}$/i.test(value) ? value : "other";
  }
}

/** Either shape, read as at most 10 violations. */
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

/** A violation as the log holds it (rule 8.4): the page's path, the directive, the blocked origin or keyword. */
export interface CspViolation {
  document: string | undefined;
  directive: string | undefined;
  blocked: string | undefined;
  disposition: string | undefined;
}

/** Logs one violation as a structured warning line, whether a browser reported it or the worker found it. */
export function logCspViolation(violation: CspViolation): void {
  console.warn(JSON.stringify({ level: "warn", event: "csp.violation", ...violation }));
}

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
      for (const violation of violations) logCspViolation(violation);
      return c.body(null, 204);
    },
  });
}
