/**
 * The field-data client (rule 8.5), loaded by `start-vitals.ts` for a sampled
 * visit only. It measures LCP, INP, CLS, FCP and TTFB with the attribution
 * build of `web-vitals`, keeps the latest value of each, and when the page is
 * hidden (`visibilitychange`, or `pagehide`) posts them to `/api/vitals` with
 * `navigator.sendBeacon` (else `fetch` with `keepalive`), at most
 * `MAX_VITALS_PER_BEACON` metrics per beacon.
 *
 * A beacon names the page by the route pattern of the document's own
 * navigation (`/blog/:slug`): web-vitals measures the page load and its whole
 * life, as the Chrome UX Report attributes it. It carries each metric's name,
 * value (ms, unitless for CLS), rating, navigation type and a short selector
 * of the element concerned, plus the connection's effective type when the
 * browser tells it. Never a URL, a query string, the user agent or any text
 * of the page.
 */
import { type MetricWithAttribution, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals/attribution";
import {
  EFFECTIVE_TYPES,
  MAX_CLS_VALUE,
  MAX_VITALS_PER_BEACON,
  MAX_VITALS_TARGET_LENGTH,
  MAX_VITALS_VALUE_MS,
  NAVIGATION_TYPES,
  VITALS_ENDPOINT,
  type VitalReport,
  type VitalsBeacon,
} from "../../core/vitals-contract";
import { readRoutePattern } from "../../core/page-registry";

/** Ancestors a target names at most, the element included. */
const TARGET_DEPTH = 3;

/**
 * Cuts a selector to `MAX_VITALS_TARGET_LENGTH` characters, keeping its end
 * (the element itself) and cutting at a `>`.
 *
 * @example trimTarget("html>body>main>…>img") // "…>section>img" within 100 characters
 */
export function trimTarget(selector: string): string {
  if (selector.length <= MAX_VITALS_TARGET_LENGTH) return selector;
  const tail = selector.slice(-MAX_VITALS_TARGET_LENGTH);
  const cut = tail.indexOf(">");
  return cut === -1 ? tail : tail.slice(cut + 1);
}

/** The part of a DOM node `describeTarget` reads. */
interface TargetNode {
  nodeType: number;
  localName?: string;
  id?: string;
  parentElement: TargetNode | null;
}

/**
 * A short selector of the element a metric points at: up to three tag names
 * from the element upwards, stopping at one with a plain id (`main#main>img`).
 * Class names are left out (utility classes say nothing of the element).
 * Passed to web-vitals as `generateTarget`.
 *
 * @returns the selector, or `undefined` for no element.
 */
export function describeTarget(node: TargetNode | null): string | undefined {
  const parts: string[] = [];
  let element = node && node.nodeType === 1 ? node : (node?.parentElement ?? null);
  while (element && parts.length < TARGET_DEPTH) {
    const tag = (element.localName ?? "").replace(/[^\w-]/g, "");
    const id = /^[A-Za-z][\w-]{0,39}$/.test(element.id ?? "") ? `#${element.id}` : "";
    parts.unshift(`${tag}${id}`);
    if (id || tag === "body") break;
    element = element.parentElement;
  }
  return parts.length > 0 ? trimTarget(parts.join(">")) : undefined;
}

/** The attribution target of a metric, when it names an element. */
function readTarget(metric: MetricWithAttribution): string | undefined {
  switch (metric.name) {
    case "LCP":
      return metric.attribution.target;
    case "INP":
      return metric.attribution.interactionTarget;
    case "CLS":
      return metric.attribution.largestShiftTarget;
    default:
      return undefined;
  }
}

/**
 * What a beacon says of one metric: ms rounded to whole ms (CLS to 4
 * decimals), held within what the worker accepts.
 *
 * @returns the report, or `null` for a navigation type the worker does not take.
 */
export function buildVitalReport(metric: MetricWithAttribution): VitalReport | null {
  const navigationType = NAVIGATION_TYPES.find((type) => type === metric.navigationType);
  if (!navigationType) return null;
  const cls = metric.name === "CLS";
  const value = cls
    ? Math.min(Math.round(metric.value * 10_000) / 10_000, MAX_CLS_VALUE)
    : Math.min(Math.round(metric.value), MAX_VITALS_VALUE_MS);
  const target = readTarget(metric);
  return {
    name: metric.name,
    value: Math.max(0, value),
    rating: metric.rating,
    navigationType,
    ...(target ? { target: trimTarget(target) } : {}),
  };
}

/**
 * The bodies to post for a batch: JSON beacons of at most
 * `MAX_VITALS_PER_BEACON` metrics each, all naming `route`.
 */
export function buildBeaconBodies(
  route: string,
  effectiveType: VitalsBeacon["effectiveType"],
  reports: VitalReport[],
): string[] {
  const bodies: string[] = [];
  for (let start = 0; start < reports.length; start += MAX_VITALS_PER_BEACON) {
    const beacon: VitalsBeacon = {
      route,
      ...(effectiveType ? { effectiveType } : {}),
      metrics: reports.slice(start, start + MAX_VITALS_PER_BEACON),
    };
    bodies.push(JSON.stringify(beacon));
  }
  return bodies;
}

/** The connection's effective type, when the browser has the Network Information API. */
function readEffectiveType(): VitalsBeacon["effectiveType"] {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return EFFECTIVE_TYPES.find((type) => type === connection?.effectiveType);
}

/** The path of the document's own navigation (the URL it was loaded at, whatever the router did since). */
function readLandingPath(): string {
  const entry = performance.getEntriesByType("navigation")[0];
  try {
    return entry ? new URL(entry.name).pathname : location.pathname;
  } catch {
    return location.pathname;
  }
}

function send(body: string): void {
  // A string goes as text/plain, which needs no preflight; the worker reads it as JSON.
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(VITALS_ENDPOINT, body)) return;
  void fetch(VITALS_ENDPOINT, {
    method: "POST",
    body,
    keepalive: true,
    headers: { "content-type": "application/json" },
  }).catch(() => undefined);
}

/**
 * Starts measuring and reporting this document's Web Vitals (once per
 * document: `start-vitals.ts` calls it once).
 */
export function reportVitals(): void {
  const route = readRoutePattern(readLandingPath());
  // Latest value per metric instance: a bfcache restore starts new instances.
  const pending = new Map<string, VitalReport>();
  const keep = (metric: MetricWithAttribution) => {
    const report = buildVitalReport(metric);
    if (report) pending.set(metric.id, report);
  };
  const options = { generateTarget: describeTarget };
  onLCP(keep, options);
  onINP(keep, options);
  onCLS(keep, options);
  onFCP(keep, options);
  onTTFB(keep, options);
  const flush = () => {
    if (pending.size === 0) return;
    const reports = [...pending.values()];
    pending.clear();
    for (const body of buildBeaconBodies(route, readEffectiveType(), reports)) send(body);
  };
  // Bubbling listeners on window run after the library's own capturing ones, so
  // the values it reports on hiding are already here.
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  addEventListener("pagehide", flush);
}
