import { inject } from "vitest";
import { afterEach, describe, expect, it } from "vitest";
import { readAvailableStock } from "../../core/cart";
import {
  ON_SALE,
  ON_SALE_VARIANT,
  SIZED,
  SIZE_A,
  SIZE_B,
  SIZE_C,
  UNMANAGED,
  UNMANAGED_VARIANT,
  formatDollars,
  nameLine,
  readUnitPrice,
} from "../support/catalogue";
import { putFlags, putRawFlags, request, requestWithEnv } from "./helpers";
import { createDrivenRateLimiter } from "./rate-limits";

const ORIGIN = "https://vpf.test";
let ipCounter = 0;

/** A fresh client address per call, so the rate limit only bites where a test wants it to. */
function freshIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter % 250}`;
}

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    items: [
      { variant_id: SIZE_B.id, quantity: 2 },
      { variant_id: UNMANAGED_VARIANT.id, quantity: 1 },
    ],
    cancelUrl: `${ORIGIN}/product/${SIZED.id}`,
    locale: "en-GB",
    timeZone: "Europe/London",
    ...overrides,
  };
}

function post(body: unknown, headers: Record<string, string> = {}, ip = freshIp()): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

async function lastUpstreamRequest(storeId: string): Promise<{ method: string; contentType: string; body: unknown }> {
  const response = await fetch(`${inject("commerceUrl")}/__last/${storeId}`);
  return (await response.json()) as { method: string; contentType: string; body: unknown };
}

describe("POST /api/checkout", () => {
  afterEach(() => putRawFlags(null));

  it("forwards exactly the payload of rule 5.1 and answers the checkout URL", async () => {
    const response = await requestWithEnv("/api/checkout", post(validBody()), { STORE_ID: "ok-payload" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: "https://checkout.vpf.test/c/ok-payload" });
    const upstream = await lastUpstreamRequest("ok-payload");
    expect(upstream.method).toBe("POST");
    expect(upstream.contentType).toContain("application/json");
    expect(upstream.body).toEqual({
      items: [
        { variant_id: SIZE_B.id, quantity: 2 },
        { variant_id: UNMANAGED_VARIANT.id, quantity: 1 },
      ],
      successUrl: expect.stringMatching(new RegExp(`^${ORIGIN}/success\\?receipt=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`)),
      cancelUrl: `${ORIGIN}/product/${SIZED.id}`,
      locale: "en-GB",
      timeZone: "Europe/London",
    });
  });

  it("forwards cancelUrl as the URL it checked, never the raw text another parser could read differently", async () => {
    const raw = `${ORIGIN}\\@evil.test/product/${SIZED.id}`;
    expect(new URL(raw).origin).toBe(ORIGIN);
    const response = await requestWithEnv("/api/checkout", post(validBody({ cancelUrl: raw })), {
      STORE_ID: "ok-parsed-cancel-url",
    });
    expect(response.status).toBe(200);
    const upstream = await lastUpstreamRequest("ok-parsed-cancel-url");
    expect((upstream.body as { cancelUrl: string }).cancelUrl).toBe(new URL(raw).href);
    expect((upstream.body as { cancelUrl: string }).cancelUrl).not.toContain("\\");
  });

  it("ignores a successUrl sent by the browser: the key is refused", async () => {
    const response = await request("/api/checkout", post(validBody({ successUrl: "https://evil.example/" })));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues: Array<{ path: string }> };
    expect(body.issues.map((issue) => issue.path)).toContain("successUrl");
  });

  it("answers 415 to anything but JSON", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const response = await request("/api/checkout", post(validBody(), { "content-type": type }));
      expect(response.status, type).toBe(415);
    }
  });

  it("answers 413 past 16 KiB", async () => {
    const padded = JSON.stringify(validBody({ locale: "x".repeat(17 * 1024) }));
    const response = await request("/api/checkout", post(padded));
    expect(response.status).toBe(413);
  });

  it.each([
    ["invalid JSON", "{items:"],
    ["an unknown variant", validBody({ items: [{ variant_id: "no-such-variant", quantity: 1 }] })],
    ["a fractional quantity", validBody({ items: [{ variant_id: SIZE_A.id, quantity: 1.5 }] })],
    ["a zero quantity", validBody({ items: [{ variant_id: SIZE_A.id, quantity: 0 }] })],
    ["a quantity as text", validBody({ items: [{ variant_id: SIZE_A.id, quantity: "2" }] })],
    ["no lines", validBody({ items: [] })],
    [
      "more than 50 lines",
      validBody({ items: Array.from({ length: 51 }, () => ({ variant_id: SIZE_A.id, quantity: 1 })) }),
    ],
    [
      "the same variant twice",
      validBody({
        items: [
          { variant_id: SIZE_A.id, quantity: 1 },
          { variant_id: SIZE_A.id, quantity: 1 },
        ],
      }),
    ],
    ["an unknown key", validBody({ coupon: "FREE" })],
    ["an unknown key in a line", validBody({ items: [{ variant_id: SIZE_A.id, quantity: 1, price: 0 }] })],
    ["a cancelUrl on another site", validBody({ cancelUrl: "https://evil.example/" })],
    ["a body that is not an object", "[1,2,3]"],
  ])("answers 400 to %s", async (_label, body) => {
    const response = await request("/api/checkout", post(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: expect.stringMatching(/^invalid_/) });
  });

  it("answers 409 with rule 4.3's message when a line exceeds our stock", async () => {
    const response = await request(
      "/api/checkout",
      post(validBody({ items: [{ variant_id: SIZE_C.id, quantity: readAvailableStock(SIZE_C) + 1 }] })),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "insufficient_stock",
      message: `Not enough stock for ${nameLine(SIZED, SIZE_C)}. Only ${readAvailableStock(SIZE_C)} left.`,
      variant_id: SIZE_C.id,
    });
  });

  it("names a product with only its default variant without the variant title", async () => {
    const response = await request(
      "/api/checkout",
      post(
        validBody({ items: [{ variant_id: ON_SALE_VARIANT.id, quantity: readAvailableStock(ON_SALE_VARIANT) + 1 }] }),
      ),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      message: `Not enough stock for ${ON_SALE.title}. Only ${readAvailableStock(ON_SALE_VARIANT)} left.`,
    });
  });

  it("lets unmanaged inventory go up to 999999", async () => {
    const ok = await request(
      "/api/checkout",
      post(validBody({ items: [{ variant_id: UNMANAGED_VARIANT.id, quantity: 999999 }] })),
    );
    expect(ok.status).toBe(200);
    const over = await request(
      "/api/checkout",
      post(validBody({ items: [{ variant_id: UNMANAGED_VARIANT.id, quantity: 1000000 }] })),
    );
    expect(over.status).toBe(400);
  });

  it.each(["fail-500", "hang", "bad-json", "no-url", "foreign-url", "http-url", "missing-store"])(
    "answers 502 when the commerce API misbehaves (%s)",
    async (storeId) => {
      // The hanging store never answers: only the worker's own timeout ends the wait.
      const timeout = storeId === "hang" ? { COMMERCE_TIMEOUT_MS: "100" } : {};
      const response = await requestWithEnv("/api/checkout", post(validBody()), { STORE_ID: storeId, ...timeout });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ error: "upstream_error" });
    },
  );

  it("answers 502 when the commerce API cannot be reached", async () => {
    const response = await requestWithEnv("/api/checkout", post(validBody()), {
      COMMERCE_API_URL: "http://127.0.0.1:9",
    });
    expect(response.status).toBe(502);
  });

  it("refuses an upstream redirect without following it: 502 and one post", async () => {
    const response = await requestWithEnv("/api/checkout", post(validBody()), { STORE_ID: "redirect-loop" });
    expect(response.status).toBe(502);
    const posts = await (await fetch(`${inject("commerceUrl")}/__count/redirect-loop`)).json();
    expect(posts).toBe(1);
  });

  it("refuses an upstream answer larger than 64 KiB: 502", async () => {
    const response = await requestWithEnv("/api/checkout", post(validBody()), { STORE_ID: "huge" });
    expect(response.status).toBe(502);
  });

  it("answers 503 when live commerce lacks a value", async () => {
    const response = await requestWithEnv("/api/checkout", post(validBody()), { STORE_ID: "" });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: "checkout_unavailable" });
  });

  it("answers 429 with Retry-After past the per-client budget, one budget per IPv6 /64", async () => {
    // The limiter's clock stands a second before its window's end and moves only when this test moves it.
    const limiter = await createDrivenRateLimiter("CHECKOUT_RATE_LIMITER");
    expect([limiter.budget, limiter.periodMs], "10 attempts a minute").toEqual([10, 60_000]);
    const attempt = (ip?: string) =>
      requestWithEnv("/api/checkout", post(validBody(), {}, ip), { CHECKOUT_RATE_LIMITER: limiter });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 12; i++) {
      // Every attempt from another address of the same /64, spelled differently.
      last = await attempt(i % 2 === 0 ? `2001:db8:77:1::${(i + 1).toString(16)}` : `2001:DB8:77:1:${i}:0:0:${i}`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await attempt("2001:db8:77:2::1")).status, "another /64").toBe(200);
    expect((await attempt()).status, "an IPv4 address").toBe(200);
  });

  it("answers 405 to other methods and 404 when the store is off", async () => {
    expect((await request("/api/checkout")).status).toBe(405);
    await putFlags({ store: false });
    expect((await request("/api/checkout", post(validBody()))).status).toBe(404);
  });
});

describe("the commerce sandbox", () => {
  it("answers checkout with a local hosted page that lists the order and links Pay and Cancel", async () => {
    const response = await requestWithEnv("/api/checkout", post(validBody()), { COMMERCE_MODE: "sandbox" });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(new URL(url).origin).toBe(ORIGIN);
    const target = new URL(url);
    const page = await requestWithEnv(`${target.pathname}${target.search}`, {}, { COMMERCE_MODE: "sandbox" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(nameLine(SIZED, SIZE_B));
    expect(html).toContain(`<td>${UNMANAGED.title}</td>`);
    expect(html).toContain(formatDollars(2 * readUnitPrice(SIZE_B) + readUnitPrice(UNMANAGED_VARIANT)));
    expect(html).toMatch(
      new RegExp(`<a class="pay" href="${ORIGIN}/success\\?receipt=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+"`),
    );
    expect(html).toContain(`href="${ORIGIN}/product/${SIZED.id}"`);
  });

  it("is off unless COMMERCE_MODE is sandbox", async () => {
    expect((await request("/sandbox/checkout?session=x")).status).toBe(404);
  });
});
