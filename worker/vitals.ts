/**
 * `POST /api/vitals` (rule 8.5): the field-data beacons a sampled share of
 * visits sends (`app/lib/report-vitals.ts`). The checks, in order:
 *
 * 1. the post comes from our own pages (`Origin`, else `Sec-Fetch-Site`; 403);
 * 2. at most 60 a minute per client IP (`VITALS_RATE_LIMITER`; 429);
 * 3. `text/plain` (what `navigator.sendBeacon` sends for a string) or
 *    `application/json`, read as JSON text either way (415);
 * 4. at most `MAX_VITALS_BODY_BYTES`, 2 KiB (413);
 * 5. `VitalsBeaconSchema`: a known route pattern, 1 to 6 metrics from a
 *    closed vocabulary, no other field (400).
 *
 * Every answer is `no-store`: 204 without a body, or JSON `{ error, message }`;
 * never a 5xx. The body is read with `readRequestText` rather than Hono's
 * `bodyLimit`: the same Content-Length check and counted read, but whatever
 * is left of an oversized upload stays with `drainRequestBodies()` (rule 5.2),
 * where `bodyLimit` would keep the stream locked.
 *
 * Each metric becomes one data point in the Workers Analytics Engine dataset
 * bound as `VITALS` (`vpf_vitals`); without the binding the beacon is checked
 * and answered all the same. The layout `npm run vitals` reads:
 *
 * | field     | holds                                                                    |
 * | --------- | ------------------------------------------------------------------------ |
 * | `index1`  | route pattern, e.g. `/blog/:slug` (the sampling key)                     |
 * | `blob1`   | route pattern                                                            |
 * | `blob2`   | metric: `LCP`, `INP`, `CLS`, `FCP` or `TTFB`                             |
 * | `blob3`   | rating: `good`, `needs-improvement` or `poor`                            |
 * | `blob4`   | navigation type: `navigate`, `reload`, `back-forward`, …                 |
 * | `blob5`   | effective connection type (`4g`, `3g`, …), or `""` when unknown          |
 * | `blob6`   | attribution target, a short selector such as `main>img`, or `""`         |
 * | `double1` | value: ms (LCP, INP, FCP, TTFB), unitless (CLS)                          |
 */
import { type Context, Hono } from "hono";
import * as v from "valibot";
import { listRoutePatterns } from "../core/page-registry";
import {
  EFFECTIVE_TYPES,
  MAX_CLS_VALUE,
  MAX_VITALS_BODY_BYTES,
  MAX_VITALS_PER_BEACON,
  MAX_VITALS_TARGET_LENGTH,
  MAX_VITALS_VALUE_MS,
  NAVIGATION_TYPES,
  VITAL_NAMES,
  VITAL_RATINGS,
  VITALS_ENDPOINT,
  type VitalsBeacon,
} from "../core/vitals-contract";
import type { AnalyticsDataset } from "./config";
import { readClientKey } from "./client-key";
import { isSameOriginPost } from "./forms";
import { readRequestText } from "./request-body";
import { setCachePolicy } from "./response-policy";
import type { WorkerEnv } from "./types";

/** One metric: a closed vocabulary, a bounded value and a selector-shaped target; no other field. */
const VitalReportSchema = v.pipe(
  v.strictObject({
    name: v.picklist(VITAL_NAMES),
    value: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_VITALS_VALUE_MS)),
    rating: v.picklist(VITAL_RATINGS),
    navigationType: v.picklist(NAVIGATION_TYPES),
    // Tag names, ids and `>` only: never a URL, a query or free text.
    target: v.optional(v.pipe(v.string(), v.maxLength(MAX_VITALS_TARGET_LENGTH), v.regex(/^[\w#.>:-]*$/))),
  }),
  v.check((report) => report.name !== "CLS" || report.value <= MAX_CLS_VALUE, "CLS is out of range"),
);

/**
 * A beacon: `{ route, effectiveType?, metrics }`, where `route` is one of
 * the registry's route patterns (`/blog/:slug`), `effectiveType` one of the
 * Network Information API's types and `metrics` 1 to `MAX_VITALS_PER_BEACON`
 * metrics (`value` in ms, unitless for CLS). Unknown fields are refused.
 */
export const VitalsBeaconSchema = v.strictObject({
  route: v.picklist(listRoutePatterns()),
  effectiveType: v.optional(v.picklist(EFFECTIVE_TYPES)),
  metrics: v.pipe(v.array(VitalReportSchema), v.minLength(1), v.maxLength(MAX_VITALS_PER_BEACON)),
}) satisfies v.GenericSchema<unknown, VitalsBeacon>;

const CONTENT_TYPE = /^(?:text\/plain|application\/json)\s*(?:;|$)/i;

/**
 * Writes one data point per metric of a checked beacon, in the layout of
 * this module's table. A dataset that throws loses those points, never the answer.
 */
export function writeVitals(dataset: AnalyticsDataset, beacon: VitalsBeacon): void {
  try {
    for (const metric of beacon.metrics) {
      dataset.writeDataPoint({
        indexes: [beacon.route],
        blobs: [
          beacon.route,
          metric.name,
          metric.rating,
          metric.navigationType,
          beacon.effectiveType ?? "",
          metric.target ?? "",
        ],
        doubles: [metric.value],
      });
    }
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", event: "vitals.write_failed", reason: String(error) }));
  }
}

function refuse(c: Context<WorkerEnv>, status: 400 | 403 | 413 | 415 | 429, error: string, message: string) {
  setCachePolicy(c, "no-store");
  return c.json({ error, message }, status);
}

/** The beacon route, mounted on the worker app. */
export function vitalsRoutes(): Hono<WorkerEnv> {
  const routes = new Hono<WorkerEnv>();
  routes.post(VITALS_ENDPOINT, async (c) => {
    const { vitalsLimiter, vitals } = c.var.config.bindings;
    if (!isSameOriginPost(c.req.raw)) {
      return refuse(c, 403, "forbidden", "Beacons are only accepted from this site's pages.");
    }
    if (vitalsLimiter) {
      const { success } = await vitalsLimiter.limit({ key: readClientKey(c.req.raw) }).catch(() => ({ success: true }));
      if (!success) return refuse(c, 429, "rate_limited", "Too many beacons from this address.");
    }
    if (!CONTENT_TYPE.test(c.req.header("content-type") ?? "")) {
      return refuse(c, 415, "unsupported_media_type", "Send the beacon as text/plain or application/json.");
    }
    const text = await readRequestText(c.req.raw, MAX_VITALS_BODY_BYTES).catch(() => null);
    if (text === null) {
      return refuse(c, 413, "payload_too_large", `A beacon is at most ${MAX_VITALS_BODY_BYTES} bytes.`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return refuse(c, 400, "invalid_json", "The beacon is not valid JSON.");
    }
    const beacon = v.safeParse(VitalsBeaconSchema, json);
    if (!beacon.success) {
      const fields = [...new Set(beacon.issues.map((issue) => (v.getDotPath(issue) ?? "(beacon)").slice(0, 60)))].slice(
        0,
        10,
      );
      setCachePolicy(c, "no-store");
      return c.json({ error: "invalid_beacon", message: "The beacon does not fit the schema.", fields }, 400);
    }
    if (vitals) writeVitals(vitals, beacon.output);
    setCachePolicy(c, "no-store");
    return c.body(null, 204);
  });
  routes.all(VITALS_ENDPOINT, (c) => {
    c.header("Allow", "POST");
    setCachePolicy(c, "no-store");
    return c.json({ error: "method_not_allowed" }, 405);
  });
  return routes;
}
