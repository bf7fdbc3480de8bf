/** The contract of `POST /api/vitals` (rule 8.5); no imports: the client carries no validator, Node can load it. */

export const VITALS_ENDPOINT = "/api/vitals";

export const MAX_VITALS_BODY_BYTES = 2 * 1024;

export const MAX_VITALS_PER_BEACON = 6;

/** In characters; the client keeps the end, the element itself. */
export const MAX_VITALS_TARGET_LENGTH = 100;

/** The HTML elements a target may name (rule 8.5): those a page of the site can hold. */
const HTML_TAG_NAMES = new Set(
  (
    "a abbr address article aside audio b blockquote body br button canvas caption code dd details dialog div dl " +
    "dt em fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr html i iframe img input label " +
    "legend li main mark menu nav noscript ol optgroup option output p picture pre progress q s section select " +
    "small source span strong sub summary sup svg table tbody td textarea tfoot th thead time tr u ul video"
  ).split(" "),
);

const PLAIN_ID = /^[A-Za-z][\w-]{0,39}$/;

/** Whether rule 8.5 lets a beacon carry `target`: tag names with optional plain ids, joined by `>` (`main#main>img`). */
export function isVitalsTarget(target: string): boolean {
  if (target.length === 0 || target.length > MAX_VITALS_TARGET_LENGTH) return false;
  return target.split(">").every((part) => {
    const [tag = "", id, ...rest] = part.split("#");
    return rest.length === 0 && HTML_TAG_NAMES.has(tag) && (id === undefined || PLAIN_ID.test(id));
  });
}

/** In ms; CLS is held to `MAX_CLS_VALUE`. */
export const MAX_VITALS_VALUE_MS = 600_000;

export const MAX_CLS_VALUE = 100;

/** When `VITALS_SAMPLE_RATE` is unset or empty (0..1). */
export const DEFAULT_VITALS_SAMPLE_RATE = 0.1;

/** All in ms but CLS, unitless. */
export const VITAL_NAMES = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;

export const VITAL_RATINGS = ["good", "needs-improvement", "poor"] as const;

export const NAVIGATION_TYPES = [
  "navigate",
  "reload",
  "back-forward",
  "back-forward-cache",
  "prerender",
  "restore",
] as const;

export const EFFECTIVE_TYPES = ["slow-2g", "2g", "3g", "4g"] as const;

export interface VitalReport {
  name: (typeof VITAL_NAMES)[number];
  value: number;
  rating: (typeof VITAL_RATINGS)[number];
  navigationType: (typeof NAVIGATION_TYPES)[number];
  /** A short selector of the element the metric points at (LCP, INP, CLS). */
  target?: string;
}

/** One beacon; `route` is the route pattern, never the URL. */
export interface VitalsBeacon {
  route: string;
  effectiveType?: (typeof EFFECTIVE_TYPES)[number];
  metrics: VitalReport[];
}
