/**
 * The brand typeface, self-hosted Inter (rule 10.3), with a local fallback stretched to Inter's
 * metrics so the font swap shifts no layout; `fonts.test.ts` recomputes the metrics with capsize.
 */
import { FONT_WEIGHT_RANGE, formatUnicodeRange } from "../../content/font-subset";

/** The family name used by the CSS (`--font-sans` in app.css). */
export const FONT_FAMILY = "Inter Variable";

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

/** The `@font-face` rules for the document head; Liberation Sans and Arimo are Arial's metric twins. */
export function buildFontFaceCss(url: string): string {
  const m = FALLBACK_METRICS;
  return (
    `@font-face{font-family:"${FONT_FAMILY}";font-style:normal;font-display:swap;font-weight:${FONT_WEIGHT_RANGE.min} ${FONT_WEIGHT_RANGE.max};` +
    `src:url(${url}) format("woff2-variations"),url(${url}) format("woff2");unicode-range:${UNICODE_RANGE}}` +
    `@font-face{font-family:"${FALLBACK_FAMILY}";src:local("Arial"),local("ArialMT"),local("Liberation Sans"),local("Arimo");` +
    `ascent-override:${m.ascentOverride};descent-override:${m.descentOverride};line-gap-override:${m.lineGapOverride};size-adjust:${m.sizeAdjust}}`
  );
}
