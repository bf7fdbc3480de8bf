/// <reference types="vite/client" />
/**
 * The brand typeface (docs/product-rules.md rule 10.1 and ARCHITECTURE.md
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
import interLatinUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

/** URL of the Latin variable font file (fingerprinted under `/assets/`). */
export const FONT_URL: string = interLatinUrl;

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

/** Unicode ranges of the Latin subset (as published by Fontsource for this file). */
export const LATIN_UNICODE_RANGE =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/**
 * The `@font-face` rules, inlined in the document head: the variable font
 * (`font-display: swap`) and the metric-adjusted fallback. Arial's metric twins
 * Liberation Sans and Arimo stand in where Arial is not installed.
 */
export function buildFontFaceCss(url: string = FONT_URL): string {
  const m = FALLBACK_METRICS;
  return (
    `@font-face{font-family:"${FONT_FAMILY}";font-style:normal;font-display:swap;font-weight:100 900;` +
    `src:url(${url}) format("woff2-variations"),url(${url}) format("woff2");unicode-range:${LATIN_UNICODE_RANGE}}` +
    `@font-face{font-family:"${FALLBACK_FAMILY}";src:local("Arial"),local("ArialMT"),local("Liberation Sans"),local("Arimo");` +
    `ascent-override:${m.ascentOverride};descent-override:${m.descentOverride};line-gap-override:${m.lineGapOverride};size-adjust:${m.sizeAdjust}}`
  );
}
