/**
 * The kit of the JSON endpoints (`worker/json-endpoint.ts`): on checkout, CSP
 * reports and field data alike, every refusal is the envelope
 * `{ error, message }` with `no-store`, a body past the limit is a 413 (whose
 * upload the local dev server still reads to its end), and a missing or
 * failing rate limiter lets the request through.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_CHECKOUT_BODY_BYTES } from "../../core/checkout-contract";
import { MAX_VITALS_BODY_BYTES } from "../../core/vitals-contract";
import { request, requestWithEnv } from "./helpers";
import { VARIANT_ID } from "./content-items";

const ORIGIN = "https://vpf.test";

/** One endpoint: a body it takes, its media type, its largest body and its limiter's binding. */
interface Endpoint {
  path: string;
  type: string;
  body: string;
  maxBytes: number;
  limiter: "CHECKOUT_RATE_LIMITER" | "CSP_REPORT_RATE_LIMITER" | "VITALS_RATE_LIMITER";
  ok: number;
}

const ENDPOINTS: Endpoint[] = [
  {
    path: "/api/checkout",
    type: "application/json",
    body: JSON.stringify({
      items: [{ variant_id: VARIANT_ID, quantity: 1 }],
      cancelUrl: `${ORIGIN}/store`,
      locale: "en-GB",
      timeZone: "UTC",
    }),
    maxBytes: MAX_CHECKOUT_BODY_BYTES,
    limiter: "CHECKOUT_RATE_LIMITER",
    ok: 200,
  },
  {
    path: "/api/csp-report",
    type: "application/csp-report",
    body: JSON.stringify({ "csp-report": { "document-uri": `${ORIGIN}/`, "violated-directive": "img-src" } }),
    maxBytes: 8 * 1024,
    limiter: "CSP_REPORT_RATE_LIMITER",
    ok: 204,
  },
  {
    path: "/api/vitals",
    type: "text/plain;charset=UTF-8",
    body: JSON.stringify({
      route: "/",
      metrics: [{ name: "TTFB", value: 80, rating: "good", navigationType: "navigate" }],
    }),
    maxBytes: MAX_VITALS_BODY_BYTES,
    limiter: "VITALS_RATE_LIMITER",
    ok: 204,
  },
];

let ipCounter = 0;

/** A post from our own pages, from a fresh address so the real limiters never bite. */
function post(endpoint: Endpoint, body: BodyInit | null, headers: Record<string, string> = {}): RequestInit {
  ipCounter += 1;
  return {
    method: "POST",
    headers: {
      "content-type": endpoint.type,
      origin: ORIGIN,
      "cf-connecting-ip": `192.0.2.${ipCounter % 250}`,
      ...headers,
    },
    body,
  };
}

/** A streamed body of `bytes` bytes that records how far it was read (it has no Content-Length). */
function trackedBody(bytes: number): { body: ReadableStream<Uint8Array>; state: { read: number; ended: boolean } } {
  const state = { read: 0, ended: false };
  const chunk = new Uint8Array(1024).fill(0x20);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.read >= bytes) {
        state.ended = true;
        controller.close();
        return;
      }
      const next = chunk.subarray(0, Math.min(chunk.byteLength, bytes - state.read));
      state.read += next.byteLength;
      controller.enqueue(next);
    },
  });
  return { body, state };
}

/** Asserts the envelope: exactly `error` (the code given) and a sentence, plus `extra` keys, with `no-store`. */
async function expectEnvelope(response: Response, status: number, error: string, extra: string[] = []) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ error, message: expect.stringMatching(/^[A-Z].+\.$/) });
  expect(Object.keys(body).sort()).toEqual(["error", "message", ...extra].sort());
}

describe.each(ENDPOINTS)("the kit on $path", (endpoint) => {
  afterEach(() => vi.restoreAllMocks());

  it("takes a valid body", async () => {
    const response = await request(endpoint.path, post(endpoint, endpoint.body));
    expect(response.status).toBe(endpoint.ok);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers other methods, other media types and bodies that are not JSON with the envelope", async () => {
    const get = await request(endpoint.path);
    expect(get.headers.get("allow")).toBe("POST");
    await expectEnvelope(get, 405, "method_not_allowed");
    const xml = await request(endpoint.path, post(endpoint, endpoint.body, { "content-type": "application/xml" }));
    await expectEnvelope(xml, 415, "unsupported_media_type");
    await expectEnvelope(await request(endpoint.path, post(endpoint, "{not json")), 400, "invalid_json");
    await expectEnvelope(await request(endpoint.path, post(endpoint, null)), 400, "invalid_json");
  });

  it("takes a body of exactly the limit and answers one byte more with 413 in the envelope", async () => {
    const fits = endpoint.body + " ".repeat(endpoint.maxBytes - endpoint.body.length);
    expect((await request(endpoint.path, post(endpoint, fits))).status).toBe(endpoint.ok);
    await expectEnvelope(await request(endpoint.path, post(endpoint, `${fits} `)), 413, "payload_too_large");
  });

  it("answers a streamed body past the limit with 413, and reads the upload to its end under the local server", async () => {
    const bytes = endpoint.maxBytes * 8;
    const local = { DRAIN_REQUEST_BODIES: "true" } as Partial<Env>;
    for (const overrides of [{}, local]) {
      const { body, state } = trackedBody(bytes);
      // @ts-expect-error: a streamed request body needs the half-duplex option in fetch's spec.
      const response = await requestWithEnv(endpoint.path, { ...post(endpoint, body), duplex: "half" }, overrides);
      await expectEnvelope(response, 413, "payload_too_large");
      if (overrides === local) expect(state).toEqual({ read: bytes, ended: true });
    }
  });

  it("answers 429 with Retry-After in the envelope when the limiter refuses", async () => {
    const refusing = { limit: async () => ({ success: false }) };
    const response = await requestWithEnv(endpoint.path, post(endpoint, endpoint.body), {
      [endpoint.limiter]: refusing,
    });
    expect(response.headers.get("retry-after")).toBe("60");
    await expectEnvelope(response, 429, "rate_limited");
  });

  it("lets the request through when the limiter is missing or throws, logging the throw", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const missing = await requestWithEnv(endpoint.path, post(endpoint, endpoint.body), {
      [endpoint.limiter]: undefined,
    });
    expect(missing.status).toBe(endpoint.ok);
    const throwing = { limit: () => Promise.reject(new Error("limiter down")) };
    const failing = await requestWithEnv(endpoint.path, post(endpoint, endpoint.body), {
      [endpoint.limiter]: throwing,
    });
    expect(failing.status).toBe(endpoint.ok);
    const events = warn.mock.calls.map((call) => (JSON.parse(String(call[0])) as { event: string }).event);
    expect(events).toContain("ratelimit.failed");
  });
});

describe("same origin", () => {
  const [, report, beacon] = ENDPOINTS as [Endpoint, Endpoint, Endpoint];

  it("refuses a beacon another site's page could send with 403 in the envelope", async () => {
    const response = await request(beacon.path, post(beacon, beacon.body, { origin: "https://evil.test" }));
    await expectEnvelope(response, 403, "forbidden");
  });

  it("takes CSP reports from any context, as before: the browser's reporting sends them", async () => {
    const foreign = { origin: "https://evil.test", "sec-fetch-site": "cross-site" };
    expect((await request(report.path, post(report, report.body, foreign))).status).toBe(204);
    const text = await request(report.path, post(report, report.body, { ...foreign, "content-type": "text/plain" }));
    await expectEnvelope(text, 415, "unsupported_media_type");
  });
});
