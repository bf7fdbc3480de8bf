import { createFontStack } from "@capsizecss/core";
import arial from "@capsizecss/metrics/arial";
import inter from "@capsizecss/metrics/inter";
import { describe, expect, it } from "vitest";
import { FALLBACK_METRICS, buildFontFaceCss } from "./fonts";

describe("font faces", () => {
  it("stretch the fallback to Inter's metrics exactly as capsize computes them", () => {
    const { fontFaces } = createFontStack([inter, arial]);
    expect(fontFaces).toContain(`ascent-override: ${FALLBACK_METRICS.ascentOverride};`);
    expect(fontFaces).toContain(`descent-override: ${FALLBACK_METRICS.descentOverride};`);
    expect(fontFaces).toContain(`line-gap-override: ${FALLBACK_METRICS.lineGapOverride};`);
    expect(fontFaces).toContain(`size-adjust: ${FALLBACK_METRICS.sizeAdjust};`);
  });

  it("declare the variable font with swap and the fallback with its overrides", () => {
    const css = buildFontFaceCss("/assets/inter.woff2");
    expect(css).toContain('font-family:"Inter Variable"');
    expect(css).toContain("font-display:swap");
    expect(css).toContain("font-weight:400 800");
    expect(css).toContain("unicode-range:U+0020-007E,U+00A0-00FF,");
    expect(css).toContain("url(/assets/inter.woff2)");
    expect(css).toContain(`size-adjust:${FALLBACK_METRICS.sizeAdjust}`);
  });
});
