/**
 * The brand typeface (docs/product-rules.md rule 10.3 and ARCHITECTURE.md
 * "Assets"): Inter, a variable font self-hosted from `@fontsource-variable/inter`,
 * Latin subset only (one 48 kB woff2 file, weights 100-900), fingerprinted by
 * Vite and preloaded by the root route.
 *
 * Until the file arrives the text is drawn in a local sans-serif whose metrics
 * are stretched to Inter's (`size-adjust`, `ascent-override`,
 * `descent-override`, `line-gap-override`), so swapping fonts moves nothing
 * and the layout shift stays 0. The override values are what
 * `createFontStack([inter, arial])` from `@capsizecss/core` computes from
 * `@capsizecss/metrics`; `fonts.test.ts` recomputes them, so a metrics update
 * cannot leave them stale.
 */
import { FONT_WEIGHT_RANGE, formatUnicodeRange } from "../../content/font-subset";

/** The family name used by the CSS (`--font-sans` in app.css). */
export const FONT_FAMILY = "Inter Variable";

/** The fallback face's name. */
export const FALLBACK_FAMILY = "Inter Fallback";

/** Inter's metrics applied to Arial, as percentages (capsize `createFontStack`). */
export const FALLBACK_METRICS = {
  ascentOverride: "90.4365%",
  descentOverride: "22.518%",
  lineGapOverride: "0%",
  sizeAdjust: "107.1194%",
} as const;

/** The characters the font file holds; anything else is drawn in the fallback. */
const UNICODE_RANGE = formatUnicodeRange();

/**
 * The `@font-face` rules, inlined in the document head: the variable font
 * (`font-display: swap`) and the metric-adjusted fallback. Arial's metric twins
 * Liberation Sans and Arimo stand in where Arial is not installed.
 */
export function buildFontFaceCss(url: string): string {
  const m = FALLBACK_METRICS;
  return (
    `@font-face{font-family:"${FONT_FAMILY}";font-style:normal;font-display:swap;font-weight:${FONT_WEIGHT_RANGE.min} ${FONT_WEIGHT_RANGE.max};` +
    `src:url(${url}) format("woff2-variations"),url(${url}) format("woff2");unicode-range:${UNICODE_RANGE}}` +
    `@font-face{font-family:"${FALLBACK_FAMILY}";src:local("Arial"),local("ArialMT"),local("Liberation Sans"),local("Arimo");` +
    `ascent-override:${m.ascentOverride};descent-override:${m.descentOverride};line-gap-override:${m.lineGapOverride};size-adjust:${m.sizeAdjust}}`
  );
}
