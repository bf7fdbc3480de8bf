/**
 * `POST /api/csp-report` (rule 8.4): browsers post Content-Security-Policy
 * violations here, either one legacy `application/csp-report` object or a
 * Reporting API batch (`application/reports+json`). Each violation becomes
 * one structured log line (`event: "csp.violation"`) holding only the
 * directive, the blocked origin (or a keyword such as `inline`), the page's
 * path and the disposition, never a URL's query, and the answer is 204.
 *
 * It never answers 5xx: bodies over `MAX_CSP_REPORT_BYTES` get 413, other
 * content types 415, bodies that do not parse 400, and more than the rate
 * limit's allowance per client 429. Values are cut to 300 characters and at
 * most 10 violations of one batch are logged.
 */
import { type Context, Hono } from "hono";
import * as v from "valibot";
import { readClientKey } from "./client-key";
import { readRequestText } from "./request-body";
import { CSP_REPORT_PATH } from "./security-headers";
import type { WorkerEnv } from "./types";
import { setCachePolicy } from "./response-policy";

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

interface Violation {
  document?: string;
  directive?: string;
  blocked?: string;
  disposition?: string;
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

/**
 * Reads the violations of one report body.
 *
 * @returns the violations (at most 10), or `null` when the body is neither shape.
 */
export function readViolations(json: unknown): Violation[] | null {
  const legacy = v.safeParse(LegacyCspReportSchema, json);
  if (legacy.success) {
    const report = legacy.output["csp-report"];
    return [
      {
        document: readPath(report["document-uri"]),
        directive: report["effective-directive"] ?? report["violated-directive"],
        blocked: readBlocked(report["blocked-uri"]),
        disposition: report.disposition,
      },
    ];
  }
  const batch = v.safeParse(ReportBatchSchema, json);
  if (!batch.success) return null;
  return batch.output
    .filter((report) => report.type === "csp-violation" && report.body)
    .slice(0, 10)
    .map(({ body }) => ({
      document: readPath(body?.documentURL),
      directive: body?.effectiveDirective,
      blocked: readBlocked(body?.blockedURL),
      disposition: body?.disposition,
    }));
}

function answer(c: Context<WorkerEnv>, status: 400 | 413 | 415 | 429, error: string) {
  setCachePolicy(c, "no-store");
  return c.json({ error }, status);
}

/** The report route, mounted on the worker app. */
export function cspReportRoutes(): Hono<WorkerEnv> {
  const routes = new Hono<WorkerEnv>();
  routes.post(CSP_REPORT_PATH, async (c) => {
    const limiter = c.var.config.bindings.cspReportLimiter;
    if (limiter) {
      const { success } = await limiter.limit({ key: readClientKey(c.req.raw) }).catch(() => ({ success: true }));
      if (!success) {
        return answer(c, 429, "rate_limited");
      }
    }
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/(?:csp-report|reports\+json|json)\s*(?:;|$)/i.test(type)) {
      return answer(c, 415, "unsupported_media_type");
    }
    const text = await readRequestText(c.req.raw, MAX_CSP_REPORT_BYTES);
    if (text === null) return answer(c, 413, "payload_too_large");
    let violations: Violation[] | null = null;
    try {
      violations = readViolations(JSON.parse(text));
    } catch {
      violations = null;
    }
    if (!violations) return answer(c, 400, "invalid_report");
    for (const violation of violations) {
      console.warn(JSON.stringify({ level: "warn", event: "csp.violation", ...violation }));
    }
    setCachePolicy(c, "no-store");
    return c.body(null, 204);
  });
  routes.all(CSP_REPORT_PATH, async (c) => {
    c.header("Allow", "POST");
    setCachePolicy(c, "no-store");
    return c.json({ error: "method_not_allowed" }, 405);
  });
  return routes;
}
