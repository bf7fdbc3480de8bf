/**
 * Fault injection, one named test per fault: every page still
 * renders with defaults, and checkout answers its typed 502.
 */
import { describe, expect, it, vi } from "vitest";
import { kvReturning, requestWithEnv } from "./helpers";
import { ARTICLE_PATH, PRODUCT_PATH, VARIANT_ID } from "./content-items";

const PAGES = ["/", "/blog", ARTICLE_PATH, "/store", PRODUCT_PATH, "/contact", "/newsletter"];

/**
 * Renders every page under the faulty KV with both caches off, so each page
 * is a fresh render that really read the fault (one fallback warning per
 * page when the fault is one, none for a missing key).
 */
async function expectPagesRenderWithDefaults(kv: KVNamespace, warningsPerPage: 0 | 1 = 1) {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  for (const path of PAGES) {
    warn.mockClear();
    const response = await requestWithEnv(path, {}, { FLAGS: kv, FLAGS_CACHE_TTL_MS: "0", HTML_CACHE_TTL_MS: "0" });
    expect(response.status, path).toBe(200);
    expect(response.headers.get("x-render-cache"), path).toBeNull();
    const fallbacks = warn.mock.calls.filter((call) => String(call[0]).includes('"flags.fallback"'));
    expect(fallbacks, path).toHaveLength(warningsPerPage);
    const html = await response.text();
    // Default flags: store, contact and newsletter links are all present.
    expect(html, path).toContain('href="/store"');
    expect(html, path).toContain('href="/contact"');
    expect(html, path).toContain('href="/newsletter"');
  }
  warn.mockRestore();
}

describe("fault injection: the flags KV", () => {
  it("KV get throws", async () => {
    await expectPagesRenderWithDefaults(kvReturning(() => Promise.reject(new Error("KV unavailable"))));
  });

  it("KV get returns null", async () => {
    await expectPagesRenderWithDefaults(
      kvReturning(() => Promise.resolve(null)),
      0,
    );
  });

  it("KV get returns text that is not JSON", async () => {
    await expectPagesRenderWithDefaults(kvReturning(() => Promise.resolve("store=false;contact=false")));
  });

  it("KV get returns JSON of the wrong shape", async () => {
    await expectPagesRenderWithDefaults(kvReturning(() => Promise.resolve('[{"store": false}]')));
  });

  it("KV get returns 1 MB", async () => {
    const huge = JSON.stringify({ store: false, padding: "x".repeat(1024 * 1024) });
    await expectPagesRenderWithDefaults(kvReturning(() => Promise.resolve(huge)));
  });
});

describe("fault injection: the commerce upstream", () => {
  const checkout = (storeId: string) =>
    requestWithEnv(
      "/api/checkout",
      {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": `192.0.2.${storeId.length}` },
        body: JSON.stringify({
          items: [{ variant_id: VARIANT_ID, quantity: 1 }],
          cancelUrl: "https://vpf.test/store",
          locale: "en-US",
          timeZone: "UTC",
        }),
      },
      // The hanging store never answers: only the worker's own timeout ends the wait.
      { STORE_ID: storeId, ...(storeId === "hang" ? { COMMERCE_TIMEOUT_MS: "100" } : {}) },
    );

  it.each([
    ["answers 500", "fail-500"],
    ["hangs past the timeout", "hang"],
    ["returns invalid JSON", "bad-json"],
    ["returns a foreign URL", "foreign-url"],
  ])("commerce upstream %s: 502 with a JSON error", async (_label, storeId) => {
    const response = await checkout(storeId);
    expect(response.status).toBe(502);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({
      error: "upstream_error",
      message: "The checkout service did not answer correctly. Please try again.",
    });
  });
});
