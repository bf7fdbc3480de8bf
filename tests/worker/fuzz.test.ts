/**
 * Hardening by fuzzing: arbitrary input at each boundary of the
 * worker never gives a 5xx (other than the documented 502 from the commerce
 * upstream) nor an uncaught exception; each bad input ends in its documented
 * 4xx or fallback.
 */
import { products } from "../../content/products";
import { env } from "cloudflare:test";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { findVariant } from "../../content/products";
import { readAvailableStock } from "../../core/cart";
import { CheckoutRequestSchema, MAX_CHECKOUT_BODY_BYTES } from "../../core/checkout-contract";
import { parseStoredFlags } from "../../core/flags-schema";
import { readFuzzRuns } from "../fuzz-runs";
import { kvReturning, request, requestWithEnv } from "./helpers";

// A hundred runs in the gate; `npm run test:site` makes 2,000 (tests/run.ts).
const FUZZ_RUNS = readFuzzRuns((env as unknown as { BENCH_FUZZ_RUNS?: string }).BENCH_FUZZ_RUNS, 100);
const RUNS = FUZZ_RUNS;

/**
 * The status rules 5.2 give each class of input, checked in the route's
 * order: media type, size, JSON, schema, origin of cancelUrl, stock. The
 * stand-in answers every valid request (store `ok-default`), so a 5xx is
 * never right here.
 */
function expectedCheckoutStatus(body: string, contentType: string): number {
  if (!/^application\/json\s*(?:;|$)/i.test(contentType)) return 415;
  if (new TextEncoder().encode(body).byteLength > MAX_CHECKOUT_BODY_BYTES) return 413;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 400;
  }
  const parsed = v.safeParse(CheckoutRequestSchema, json);
  if (!parsed.success) return 400;
  if (new URL(parsed.output.cancelUrl).origin !== "https://vpf.test") return 400;
  const short = parsed.output.items.some((line) => {
    const found = findVariant(line.variant_id);
    return found !== undefined && line.quantity > readAvailableStock(found.variant);
  });
  return short ? 409 : 200;
}

const jsonLine = fc.record(
  {
    variant_id: fc.oneof(
      fc.constantFrom(...products.flatMap((product) => product.variants.map((variant) => variant.id))),
      fc.string(),
    ),
    quantity: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
  },
  { requiredKeys: [] },
);
const bodyArb = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json(),
  fc
    .record(
      {
        items: fc.oneof(fc.array(jsonLine, { maxLength: 60 }), fc.anything()),
        cancelUrl: fc.oneof(fc.constant("https://vpf.test/store"), fc.webUrl(), fc.string()),
        locale: fc.oneof(fc.constant("en-US"), fc.string()),
        timeZone: fc.oneof(fc.constant("UTC"), fc.string()),
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc.integer({ min: 15_000, max: 40_000 }).map((size) => JSON.stringify({ items: [], pad: "x".repeat(size) })),
);
const contentTypeArb = fc.oneof(
  fc.constant("application/json"),
  fc.constant("application/json; charset=utf-8"),
  fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""),
  fc.string({ maxLength: 40 }).filter((value) => /^[\t\x20-\x7e]*$/.test(value)),
);

describe("fuzzing", () => {
  it(`POST /api/checkout answers only documented statuses (${RUNS} runs)`, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(bodyArb, contentTypeArb, async (body, contentType) => {
        n += 1;
        const headers: Record<string, string> = {
          "cf-connecting-ip": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        };
        if (contentType) headers["content-type"] = contentType;
        const response = await request("/api/checkout", { method: "POST", headers, body });
        expect(response.status, `${contentType} ${body.slice(0, 80)}`).toBe(expectedCheckoutStatus(body, contentType));
        const json = (await response.json()) as Record<string, unknown>;
        expect(typeof (response.status === 200 ? json.url : json.error)).toBe("string");
      }),
      { numRuns: RUNS },
    );
  });

  it(`any string as the KV flags value gives a working site (${RUNS} runs)`, async () => {
    const rawArb = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .dictionary(fc.constantFrom("newsletter", "store", "cta", "contact", "holdingPage", "other"), fc.anything())
        .map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(rawArb, async (raw) => {
        const flags = parseStoredFlags(raw).flags;
        const overrides = { FLAGS: kvReturning(async () => raw), FLAGS_CACHE_TTL_MS: "0", HTML_CACHE_TTL_MS: "0" };
        for (const path of ["/robots.txt", "/store", "/contact.data"]) {
          const response = await requestWithEnv(path, {}, overrides);
          await response.arrayBuffer();
          if (flags.holdingPage) {
            expect(response.status, path).toBe(302);
            expect(response.headers.get("location")).toBe("/please-hold");
            continue;
          }
          const open = path === "/store" ? flags.store : path === "/contact.data" ? flags.contact : true;
          expect(response.status, `${path} with ${raw.slice(0, 60)}`).toBe(open ? 200 : 404);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it(`any query string on /blog renders the blog (${RUNS} runs)`, async () => {
    const queryArb = fc.oneof(
      fc.string(),
      fc.webQueryParameters(),
      fc.record({ q: fc.string(), category: fc.string() }).map((value) => new URLSearchParams(value).toString()),
    );
    await fc.assert(
      fc.asyncProperty(queryArb, async (query) => {
        const response = await request(`/blog?${query.replace(/#/g, "%23")}`);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }),
      { numRuns: RUNS },
    );
  });
});
