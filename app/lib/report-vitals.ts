/**
 * The field-data client (rule 8.5), loaded by `start-vitals.ts` for a sampled visit only.
 * A beacon names the landing route pattern, as the Chrome UX Report attributes a page's whole life.
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

/** Cuts a selector to `MAX_VITALS_TARGET_LENGTH` characters, keeping its end and cutting at a `>`. */
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
 * web-vitals' `generateTarget`: up to three tag names upwards, stopping at a plain id (`main#main>img`);
 * class names are left out because utility classes say nothing of the element.
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

/** One metric in whole ms (CLS to 4 decimals), or `null` for a navigation type the worker does not take. */
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

/** JSON beacons of at most `MAX_VITALS_PER_BEACON` metrics each, all naming `route`. */
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

/** Starts measuring and reporting this document's Web Vitals; call once per document. */
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
  // Bubbling listeners on window run after web-vitals' capturing ones, so its values on hiding are here.
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  addEventListener("pagehide", flush);
}
