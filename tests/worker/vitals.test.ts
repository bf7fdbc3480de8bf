/**
 * Field data (rule 8.5): `POST /api/vitals` takes same-origin beacons of at
 * most 2 KiB that fit `VitalsBeaconSchema`, writes one Analytics Engine data
 * point per metric through `VITALS`, and refuses everything else with a 4xx;
 * pages say in `Server-Timing` whether the page cache answered.
 */
import { describe, expect, it } from "vitest";
import { request, requestWithEnv } from "./helpers";
import { createDrivenRateLimiter } from "./rate-limits";

const ORIGIN = "https://vpf.test";

/** An Analytics Engine dataset that keeps what is written. */
function createDataset() {
  const points: AnalyticsEngineDataPoint[] = [];
  const dataset = { writeDataPoint: (point?: AnalyticsEngineDataPoint) => point && points.push(point) };
  return { points, dataset: dataset as AnalyticsEngineDataset };
}

const VALID = {
  route: "/blog/:slug",
  effectiveType: "4g",
  metrics: [
    { name: "LCP", value: 1234, rating: "good", navigationType: "navigate", target: "main#main>article>img" },
    { name: "CLS", value: 0.0512, rating: "good", navigationType: "navigate", target: "main#main>div" },
    { name: "TTFB", value: 98, rating: "good", navigationType: "reload" },
  ],
};

/**
 * A beacon post as `navigator.sendBeacon` sends a string: text/plain, with
 * our Origin, from `ip`; `headers` replace those, and a header set to `null` is left out.
 */
function beacon(body: unknown, ip: string, headers: Record<string, string | null> = {}): RequestInit {
  const all: Record<string, string | null> = {
    "content-type": "text/plain;charset=UTF-8",
    origin: ORIGIN,
    "cf-connecting-ip": ip,
    ...headers,
  };
  return {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null),
  };
}

/** Posts through the built worker with a recording `VITALS`; the answer and what was written. */
async function post(init: RequestInit) {
  const { points, dataset } = createDataset();
  const response = await requestWithEnv("/api/vitals", init, { VITALS: dataset });
  const body = response.status === 204 ? null : ((await response.json()) as { error: string });
  return { response, body, points };
}

describe("POST /api/vitals", () => {
  it("answers 204 and writes one data point per metric: blobs, double and index in the documented layout", async () => {
    const { response, points } = await post(beacon(VALID, "203.0.113.1"));
    expect(response.status).toBe(204);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(points).toEqual([
      {
        indexes: ["/blog/:slug"],
        blobs: ["/blog/:slug", "LCP", "good", "navigate", "4g", "main#main>article>img"],
        doubles: [1234],
      },
      {
        indexes: ["/blog/:slug"],
        blobs: ["/blog/:slug", "CLS", "good", "navigate", "4g", "main#main>div"],
        doubles: [0.0512],
      },
      { indexes: ["/blog/:slug"], blobs: ["/blog/:slug", "TTFB", "good", "reload", "4g", ""], doubles: [98] },
    ]);
  });

  it.each([
    "joe.bloggs@mail.test",
    "+44 20 7946 0958",
    "555-0134",
    "img[src='https://x.test/?q=1']",
    "johnsmith",
    "main#main>div.card",
    "main#joe@mail.test>img",
  ])("drops a target that is not tag names with plain ids (%j) and still counts the metric", async (target) => {
    const body = { ...VALID, metrics: [{ ...VALID.metrics[0], target }] };
    const { response, points } = await post(beacon(body, "203.0.113.11"));
    expect(response.status).toBe(204);
    expect(points).toEqual([
      { indexes: ["/blog/:slug"], blobs: ["/blog/:slug", "LCP", "good", "navigate", "4g", ""], doubles: [1234] },
    ]);
  });

  it("takes a post without Origin whose Sec-Fetch-Site is same-origin", async () => {
    const { response } = await post(beacon(VALID, "203.0.113.10", { origin: null, "sec-fetch-site": "same-origin" }));
    expect(response.status).toBe(204);
  });

  it("reads application/json the same way, and answers 204 without a VITALS binding", async () => {
    const json = await post(beacon(VALID, "203.0.113.2", { "content-type": "application/json" }));
    expect(json.response.status).toBe(204);
    expect(json.points).toHaveLength(3);
    const unbound = await requestWithEnv("/api/vitals", beacon(VALID, "203.0.113.3"), {
      VITALS: undefined as unknown as AnalyticsEngineDataset,
    });
    expect(unbound.status).toBe(204);
  });

  it.each([
    ["another origin", { origin: "https://evil.test" }],
    ["no Origin, a cross-site fetch", { origin: null, "sec-fetch-site": "cross-site" }],
    ["no Origin and no Sec-Fetch-Site", { origin: null }],
  ])("refuses a post from %s with 403 and writes nothing", async (_, headers) => {
    const { response, body, points } = await post(beacon(VALID, "203.0.113.4", headers));
    expect(response.status).toBe(403);
    expect(body?.error).toBe("forbidden");
    expect(points).toEqual([]);
  });

  it.each([
    ["not JSON", "LCP=1234"],
    ["a URL instead of a route pattern", { ...VALID, route: "/blog/how-i-paid-off-my-debt?email=a@b.test" }],
    ["an unknown route pattern", { ...VALID, route: "/account/:id" }],
    ["an extra field", { ...VALID, url: "https://vpf.test/blog/x" }],
    ["an extra field in a metric", { ...VALID, metrics: [{ ...VALID.metrics[0], userAgent: "Mozilla/5.0" }] }],
    ["an unknown metric", { ...VALID, metrics: [{ ...VALID.metrics[0], name: "FID" }] }],
    ["a negative value", { ...VALID, metrics: [{ ...VALID.metrics[0], value: -1 }] }],
    ["a CLS past 100", { ...VALID, metrics: [{ ...VALID.metrics[1], value: 101 }] }],
    ["no metrics", { ...VALID, metrics: [] }],
    ["seven metrics", { ...VALID, metrics: Array(7).fill(VALID.metrics[2]) }],
    ["an unknown connection type", { ...VALID, effectiveType: "5g" }],
  ])("refuses %s with 400 JSON and writes nothing", async (_, body) => {
    const answer = await post(beacon(body, "203.0.113.8"));
    expect(answer.response.status).toBe(400);
    expect(answer.response.headers.get("content-type")).toContain("application/json");
    expect(answer.body?.error).toMatch(/^invalid_(?:json|beacon)$/);
    expect(answer.points).toEqual([]);
  });

  it("refuses other media types with 415 and other methods with 405", async () => {
    const form = await post(beacon(VALID, "203.0.113.9", { "content-type": "application/x-www-form-urlencoded" }));
    expect(form.response.status).toBe(415);
    expect(form.points).toEqual([]);
    const get = await request("/api/vitals");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("answers 429 past 60 beacons a minute from one address", async () => {
    // The limiter's clock stands a second before its window's end and moves only when this test moves it.
    const limiter = await createDrivenRateLimiter("VITALS_RATE_LIMITER");
    expect([limiter.budget, limiter.periodMs], "60 beacons a minute").toEqual([60, 60_000]);
    const send = async (ip: string) =>
      (await requestWithEnv("/api/vitals", beacon(VALID, ip), { VITALS_RATE_LIMITER: limiter })).status;
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push(await send("198.51.100.200"));
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(204));
    expect(statuses.slice(60)).toEqual([429, 429]);
    expect(await send("198.51.100.201"), "another address has its own budget").toBe(204);
  });
});

describe("Server-Timing on pages", () => {
  it("a first render says cache miss with its render time; the stored copy says hit and no render", async () => {
    // A sample rate of its own makes a page-cache key no other test uses, so the first answer is a render.
    const overrides = { VITALS_SAMPLE_RATE: "0.4242" };
    const first = await requestWithEnv("/about", {}, overrides);
    expect(first.status).toBe(200);
    // The root loader hands the rate to the browser (turbo-stream, inside a JS string).
    expect(await first.text()).toMatch(/vitalsSampleRate\\",0\.4242\b/);
    const missTiming = first.headers.get("server-timing") ?? "";
    expect(missTiming).toMatch(/(?:^|, )cache;desc=miss(?:,|$)/);
    expect(missTiming).toMatch(/(?:^|, )render;dur=\d+(?:\.\d)?(?:,|$)/);

    let hit: Response | undefined;
    for (let attempt = 0; attempt < 20 && !hit; attempt++) {
      const response = await requestWithEnv("/about", {}, overrides);
      if (response.headers.get("x-render-cache") === "hit") hit = response;
      await response.arrayBuffer();
    }
    expect(hit?.headers.get("server-timing")).toBe("cache;desc=hit");
  });

  it("a page the cache never keeps has a render time and no cache entry", async () => {
    const response = await request("/about?utm_source=x");
    const timing = response.headers.get("server-timing") ?? "";
    expect(timing).toMatch(/^render;dur=\d+(?:\.\d)?$/);
    await response.arrayBuffer();
  });
});
