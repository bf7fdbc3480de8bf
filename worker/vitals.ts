/** `POST /api/vitals` (rule 8.5): field-data beacons, answered 204 and never 5xx. */
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
  isVitalsTarget,
} from "../core/vitals-contract";

import { jsonEndpoint } from "./json-endpoint";
import type { WorkerEnv } from "./types";

const VitalReportSchema = v.pipe(
  v.strictObject({
    name: v.picklist(VITAL_NAMES),
    value: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_VITALS_VALUE_MS)),
    rating: v.picklist(VITAL_RATINGS),
    navigationType: v.picklist(NAVIGATION_TYPES),
    // A target that is not tag names with plain ids is dropped, not refused: the metric still counts.
    target: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(MAX_VITALS_TARGET_LENGTH),
        v.transform((target) => (isVitalsTarget(target) ? target : undefined)),
      ),
    ),
  }),
  v.check((report) => report.name !== "CLS" || report.value <= MAX_CLS_VALUE, "CLS is out of range"),
);

export const VitalsBeaconSchema = v.strictObject({
  route: v.picklist(listRoutePatterns()),
  effectiveType: v.optional(v.picklist(EFFECTIVE_TYPES)),
  metrics: v.pipe(v.array(VitalReportSchema), v.minLength(1), v.maxLength(MAX_VITALS_PER_BEACON)),
}) satisfies v.GenericSchema<unknown, VitalsBeacon>;

/**
 * One data point per metric, the layout `npm run vitals` reads: `index1` route; `blob1`..`blob6` route, metric,
 * rating, navigation type, connection type or "", target or ""; `double1` value. A throw loses points, not the answer.
 */
export function writeVitals(dataset: AnalyticsEngineDataset, beacon: VitalsBeacon): void {
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
