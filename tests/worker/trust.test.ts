/**
 * What a visitor must be able to trust on our own domain (rules 5.2, 5.8, 2.5):
 * `/success` names an order only when the worker signed its receipt, the
 * sandbox shows only signed sessions and closes with the store, `/sandbox/*`
 * answers other methods with 405 and `Allow`, and under the local dev server
 * every request body the answer did not need is read to its end.
 */
import { SIZED, SIZE_B, SIZE_C, UNMANAGED_VARIANT, formatDollars, nameLine, readUnitPrice } from "../support/catalogue";
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { type OrderReceipt, RECEIPT_PARAM } from "../../core/order-receipt";
import { importSigningKey, signToken } from "../../core/signed-token";
import { putFlags, putRawFlags, request, requestWithEnv } from "./helpers";

const ORIGIN = "https://vpf.test";
const THANKS_FOR_ORDER = "Thank You for Your Order!";
const NO_ORDER_HEADING = "No Order to Show";

const sandbox = { COMMERCE_MODE: "sandbox" } as const;

/** The worker tests' signing secret (vitest.config.ts). */
const SIGNING_SECRET = (env as unknown as Record<string, string>).ORDER_SIGNING_KEY ?? "";

afterEach(() => putRawFlags(null));

function postJson(body: unknown): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.50" },
    body: JSON.stringify(body),
  };
}

const CART = {
  items: [
    { variant_id: SIZE_C.id, quantity: 2 },
    { variant_id: UNMANAGED_VARIANT.id, quantity: 1 },
  ],
  cancelUrl: `${ORIGIN}/store`,
  locale: "en-US",
  timeZone: "UTC",
};

/** Runs a sandbox checkout and returns the address Pay leads to. */
async function checkOutInSandbox(): Promise<URL> {
  const started = await requestWithEnv("/api/checkout", postJson(CART), sandbox);
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const hosted = new URL(url);
  const page = await requestWithEnv(`${hosted.pathname}${hosted.search}`, {}, sandbox);
  expect(page.status).toBe(200);
  const pay = /<a class="pay" href="([^"]+)"/.exec(await page.text())?.[1];
  expect(pay).toBeDefined();
  return new URL(pay!.replace(/&amp;/g, "&"));
}

function receipt(overrides: Partial<OrderReceipt> = {}): OrderReceipt {
  return {
    reference: "VPF-0A1B2C3D",
    issuedAt: Date.now(),
    lines: [{ name: "Field Jacket (L)", quantity: 1, price: "$25.00" }],
    totalCents: 2500,
    ...overrides,
  };
}

async function successPage(search: string): Promise<string> {
  const response = await request(`/success${search}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe("/success names an order only when the worker vouches for it", () => {
  it("a hand-made ?order= gets the neutral page and never echoes the text", async () => {
    const html = await successPage("?order=CALL-1-800-555-0199-TO-CONFIRM-REFUND");
    expect(html).toContain(NO_ORDER_HEADING);
    expect(html).not.toContain(THANKS_FOR_ORDER);
    expect(html).not.toContain("CALL-1-800");
  });

  it("a sandbox purchase comes back with a signed receipt: reference and lines from the receipt", async () => {
    const paid = await checkOutInSandbox();
    expect(paid.origin).toBe(ORIGIN);
    expect(paid.pathname).toBe("/success");
    expect([...paid.searchParams.keys()]).toEqual([RECEIPT_PARAM]);
    const html = await successPage(paid.search);
    expect(html).toContain(THANKS_FOR_ORDER);
    expect(html).toMatch(/data-testid="order-reference">VPF-[0-9A-F]{8}</);
    expect(html).toContain(`${nameLine(SIZED, SIZE_C)}<!-- --> × <!-- -->2`);
    expect(html).toContain(formatDollars(2 * readUnitPrice(SIZE_C)));
    expect(html).toContain(formatDollars(2 * readUnitPrice(SIZE_C) + readUnitPrice(UNMANAGED_VARIANT)));
  });

  it("a receipt signed with our key is honoured; another key, an edit or old age is not", async () => {
    const ours = await importSigningKey(SIGNING_SECRET);
    const theirs = await importSigningKey("someone-else-s-secret-of-32-characters!");
    const good = await signToken(ours, receipt());
    expect(await successPage(`?${RECEIPT_PARAM}=${good}`)).toContain(THANKS_FOR_ORDER);

    const forged = await signToken(theirs, receipt({ reference: "VPF-DEADBEEF" }));
    const [, signature] = good.split(".");
    const lure = receipt({ lines: [{ name: "Call 1-800-555-0199 to confirm", quantity: 1, price: "$0.00" }] });
    const edited = `${(await signToken(ours, lure)).split(".")[0]}.${signature}`;
    const stale = await signToken(ours, receipt({ issuedAt: Date.now() - 8 * 24 * 60 * 60 * 1000 }));
    for (const token of [forged, edited, stale, `${good}x`, "not-a-token"]) {
      const html = await successPage(`?${RECEIPT_PARAM}=${encodeURIComponent(token)}`);
      expect(html).toContain(NO_ORDER_HEADING);
      expect(html).not.toContain("VPF-DEADBEEF");
      expect(html).not.toContain("1-800");
    }
  });
});

describe("the sandbox's hosted page", () => {
  it("refuses an unsigned session, whatever it lists", async () => {
    const session = btoa(
      JSON.stringify({
        items: [{ variant_id: SIZE_B.id, quantity: 999999999999 }],
        successUrl: `${ORIGIN}/success`,
        cancelUrl: `${ORIGIN}/store`,
      }),
    );
    const page = await requestWithEnv(`/sandbox/checkout?session=${session}`, {}, sandbox);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("Checkout session not found");
    expect(html).not.toContain("999999999999");
  });

  it("is the 404 page while the store is off", async () => {
    const started = await requestWithEnv("/api/checkout", postJson(CART), sandbox);
    const hosted = new URL(((await started.json()) as { url: string }).url);
    await putFlags({ store: false });
    const page = await requestWithEnv(`${hosted.pathname}${hosted.search}`, {}, sandbox);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain("Page Not Found");
    expect(html).not.toContain(SIZED.title);
  });

  it("answers other methods with 405 and Allow, in every commerce mode, without the error screen", async () => {
    for (const overrides of [sandbox, {}]) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        const response = await requestWithEnv("/sandbox/checkout", { method, body: "x".repeat(17 * 1024) }, overrides);
        expect(response.status, method).toBe(405);
        expect(response.headers.get("allow")).toBe("GET, HEAD");
        expect(await response.text()).not.toContain("Unexpected Application Error");
      }
    }
  });
});

/** A request body that records how far it was read. */
function trackedBody(bytes: number): { body: ReadableStream<Uint8Array>; state: { read: number; ended: boolean } } {
  const state = { read: 0, ended: false };
  const chunk = new Uint8Array(16 * 1024).fill(0x61);
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

describe("under the local dev server, request bodies the answer does not need are read to their end", () => {
  const local = { DRAIN_REQUEST_BODIES: "true" } as Partial<Env>;
  const cases: Array<[name: string, path: string, method: string, type: string, bytes: number, status: number]> = [
    [
      "a 70 KB no-JS newsletter form (React Router's action)",
      "/newsletter",
      "POST",
      "application/x-www-form-urlencoded",
      70 * 1024,
      200,
    ],
    ["a 2 MB checkout (413)", "/api/checkout", "POST", "application/json", 2 * 1024 * 1024, 413],
    ["a 2 MB CSP report (413)", "/api/csp-report", "POST", "application/csp-report", 2 * 1024 * 1024, 413],
    ["a 17 KB post to the sandbox page (405)", "/sandbox/checkout", "POST", "text/plain", 17 * 1024, 405],
    ["a 50 KB PUT on a page (405)", "/about", "PUT", "text/plain", 50 * 1024, 405],
    ["a post to a non-canonical address (308)", "/Contact", "POST", "text/plain", 40 * 1024, 308],
    ["a post to an unknown API (404)", "/api/nothing", "POST", "application/json", 40 * 1024, 404],
  ];
  for (const [name, path, method, type, bytes, status] of cases) {
    it(name, async () => {
      const { body, state } = trackedBody(bytes);
      const init = {
        method,
        headers: { "content-type": type, "cf-connecting-ip": "203.0.113.60", "sec-fetch-site": "same-origin" },
        body,
        duplex: "half",
      };
      const response = await requestWithEnv(path, init, local);
      await response.arrayBuffer();
      expect(response.status).toBe(status);
      expect(state.read).toBe(bytes);
      expect(state.ended).toBe(true);
    });
  }
});
