/**
 * `POST /api/vitals` (rule 8.5): the field-data beacons a sampled share of
 * visits sends (`app/lib/report-vitals.ts`). The kit (`json-endpoint.ts`)
 * checks, in order: a post from our own pages (`csrf`; 403), at most 60 a minute per client
 * (`VITALS_RATE_LIMITER`; 429), `text/plain` (what `navigator.sendBeacon`
 * sends for a string) or `application/json`, read as JSON text either way
 * (415), at most `MAX_VITALS_BODY_BYTES`, 2 KiB (413), and
 * `VitalsBeaconSchema` (400 `invalid_beacon` naming the refused `fields`,
 * never their values). The answer is 204 without a body; never a 5xx.
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
import type { Hono } from "hono";
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
import { jsonEndpoint } from "./json-endpoint";
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

/** The beacon route, mounted on the worker app. */
export function vitalsRoutes(): Hono<WorkerEnv> {
  return jsonEndpoint({
    path: VITALS_ENDPOINT,
    noun: "beacon",
    sameOrigin: true,
    limiter: (bindings) => bindings.vitalsLimiter,
    mediaTypes: ["text/plain", "application/json"],
    maxBytes: MAX_VITALS_BODY_BYTES,
    schema: VitalsBeaconSchema,
    invalid: {
      error: "invalid_beacon",
      details: (issues) => ({
        fields: [...new Set(issues.map((issue) => (v.getDotPath(issue) ?? "(beacon)").slice(0, 60)))].slice(0, 10),
      }),
    },
    handle: (c, beacon) => {
      const dataset = c.var.config.bindings.vitals;
      if (dataset) writeVitals(dataset, beacon);
      return c.body(null, 204);
    },
  });
}
