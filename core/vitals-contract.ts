/**
 * The contract between the browser's field-data client and the worker's
 * `POST /api/vitals` (rule 8.5): the endpoint, the limits, the words a beacon
 * may use and its shape. No validator here, so the browser's client carries
 * only these constants; the worker's schema is `VitalsBeaconSchema` in
 * `worker/vitals.ts`.
 *
 * A beacon names a page by its route pattern (`/blog/:slug`, `readRoutePattern`
 * in `page-registry.ts`), never by its URL. No imports: `worker/config.ts`, which
 * Node scripts load as it is, reads the default sample rate from here.
 */

/** Where the browser posts its beacons. */
export const VITALS_ENDPOINT = "/api/vitals";

/** Largest beacon body the worker reads, in bytes (2 KiB). */
export const MAX_VITALS_BODY_BYTES = 2 * 1024;

/** Most metrics in one beacon; the client splits a longer batch. */
export const MAX_VITALS_PER_BEACON = 6;

/** Longest attribution target kept, in characters (the client keeps the end, the element itself). */
export const MAX_VITALS_TARGET_LENGTH = 100;

/** Largest value accepted: 10 minutes in ms (CLS, unitless, is held to `MAX_CLS_VALUE`). */
export const MAX_VITALS_VALUE_MS = 600_000;

/** Largest CLS accepted (unitless; a real page rarely passes 1). */
export const MAX_CLS_VALUE = 100;

/** Share of visits that report when `VITALS_SAMPLE_RATE` is unset or empty (0..1). */
export const DEFAULT_VITALS_SAMPLE_RATE = 0.1;

/** The metrics reported: LCP, INP, FCP and TTFB in ms, CLS unitless. */
export const VITAL_NAMES = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;

/** The library's rating of a value against the Core Web Vitals thresholds. */
export const VITAL_RATINGS = ["good", "needs-improvement", "poor"] as const;

/** How the page was reached, as the library reports it (soft navigations are not measured). */
export const NAVIGATION_TYPES = [
  "navigate",
  "reload",
  "back-forward",
  "back-forward-cache",
  "prerender",
  "restore",
] as const;

/** The Network Information API's effective connection types. */
export const EFFECTIVE_TYPES = ["slow-2g", "2g", "3g", "4g"] as const;

/** One metric of a beacon. */
export interface VitalReport {
  name: (typeof VITAL_NAMES)[number];
  /** ms, or unitless for CLS. */
  value: number;
  rating: (typeof VITAL_RATINGS)[number];
  navigationType: (typeof NAVIGATION_TYPES)[number];
  /** A short selector of the element the metric points at (LCP, INP, CLS), at most `MAX_VITALS_TARGET_LENGTH` characters. */
  target?: string;
}

/** What one beacon carries: the page's route pattern, the connection type when known, 1 to 6 metrics. */
export interface VitalsBeacon {
  route: string;
  effectiveType?: (typeof EFFECTIVE_TYPES)[number];
  metrics: VitalReport[];
}
