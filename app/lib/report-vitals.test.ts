import type { MetricWithAttribution } from "web-vitals/attribution";
import { describe, expect, it } from "vitest";
import { MAX_VITALS_BODY_BYTES, MAX_VITALS_PER_BEACON, MAX_VITALS_TARGET_LENGTH } from "../../core/vitals-contract";
import { buildBeaconBodies, buildVitalReport, describeTarget, trimTarget } from "./report-vitals";

/** A DOM-like chain from the outermost element to the innermost. */
function chain(...elements: Array<{ localName: string; id?: string }>) {
  let parent: Parameters<typeof describeTarget>[0] = null;
  for (const element of elements) parent = { nodeType: 1, id: "", ...element, parentElement: parent };
  return parent;
}

function metric(fields: Record<string, unknown>): MetricWithAttribution {
  return {
    id: "v6-1",
    delta: 0,
    entries: [],
    navigationId: 1,
    attribution: {},
    ...fields,
  } as unknown as MetricWithAttribution;
}

describe("the field-data client (rule 8.5)", () => {
  it("names an element by up to three tags, stopping at a plain id, never by class or text", () => {
    const img = chain(
      { localName: "html" },
      { localName: "body" },
      { localName: "main", id: "main" },
      { localName: "article" },
      { localName: "img" },
    );
    expect(describeTarget(img)).toBe("main#main>article>img");
    expect(describeTarget(chain({ localName: "body" }, { localName: "div" }, { localName: "p" }))).toBe("body>div>p");
    expect(describeTarget(chain({ localName: "div" }, { localName: "button", id: "a b" }))).toBe("div>button");
    // A text node points at its element.
    expect(describeTarget({ nodeType: 3, parentElement: chain({ localName: "section" }, { localName: "h1" }) })).toBe(
      "section>h1",
    );
    expect(describeTarget(null)).toBeUndefined();
  });

  it("keeps the end of a long selector, cut at a >", () => {
    const long = `html>body>${"div>".repeat(40)}img`;
    const trimmed = trimTarget(long);
    expect(trimmed.length).toBeLessThanOrEqual(MAX_VITALS_TARGET_LENGTH);
    expect(trimmed).toMatch(/^div>.*>img$/);
    expect(trimTarget("main>img")).toBe("main>img");
  });

  it("reports ms whole and CLS to 4 decimals, with the metric's own target", () => {
    expect(
      buildVitalReport(
        metric({
          name: "LCP",
          value: 1234.56,
          rating: "good",
          navigationType: "navigate",
          attribution: { target: "main>img" },
        }),
      ),
    ).toEqual({ name: "LCP", value: 1235, rating: "good", navigationType: "navigate", target: "main>img" });
    expect(
      buildVitalReport(
        metric({
          name: "CLS",
          value: 0.123456,
          rating: "needs-improvement",
          navigationType: "back-forward-cache",
          attribution: { largestShiftTarget: "main>div" },
        }),
      ),
    ).toEqual({
      name: "CLS",
      value: 0.1235,
      rating: "needs-improvement",
      navigationType: "back-forward-cache",
      target: "main>div",
    });
    expect(buildVitalReport(metric({ name: "TTFB", value: 80.4, rating: "good", navigationType: "reload" }))).toEqual({
      name: "TTFB",
      value: 80,
      rating: "good",
      navigationType: "reload",
    });
    expect(
      buildVitalReport(metric({ name: "INP", value: 10, rating: "good", navigationType: "soft-navigation" })),
    ).toBeNull();
  });

  it("splits a batch into beacons that each fit the worker's limit, even at their largest", () => {
    const target = `main>${"x".repeat(MAX_VITALS_TARGET_LENGTH - 5)}`;
    const reports = Array.from({ length: MAX_VITALS_PER_BEACON + 1 }, () => ({
      name: "TTFB" as const,
      value: 599_999.5,
      rating: "needs-improvement" as const,
      navigationType: "back-forward-cache" as const,
      target,
    }));
    const bodies = buildBeaconBodies("/categories/:slug", "slow-2g", reports);
    expect(bodies).toHaveLength(2);
    for (const body of bodies) {
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(MAX_VITALS_BODY_BYTES);
      expect(JSON.parse(body)).toMatchObject({ route: "/categories/:slug", effectiveType: "slow-2g" });
    }
    expect(JSON.parse(bodies[1]!).metrics).toHaveLength(1);
    expect(JSON.parse(buildBeaconBodies("/", undefined, reports.slice(0, 1))[0]!)).not.toHaveProperty("effectiveType");
  });
});
