/**
 * `POST /api/checkout` (rules 5.1 to 5.3): the browser's cart is checked
 * against our own catalogue, then handed to the commerce API, which answers
 * with the hosted checkout page's URL.
 *
 * Trusts nothing from the browser: per-client rate limit (`readClientKey`: IPv4 address or IPv6 /64; 429 with Retry-After),
 * JSON only (415), `MAX_CHECKOUT_BODY_BYTES` at most (413), strict schema (400
 * with the issues), `cancelUrl` on our own origin (400), stock from our
 * catalogue (409 with rule 4.3's message), `successUrl` set here to our
 * `/success` with a signed order receipt (rule 5.8), and only a URL on an allowed host is returned. Whatever an early
 * answer leaves of the body is drained by `drainRequestBodies()`
 * (`request-body.ts`); every upstream failure is a 502 JSON error; no
 * configured commerce is a 503.
 */
import { type Context, Hono } from "hono";
import * as v from "valibot";
import { findVariant } from "../content/products";
import { buildOverStockMessage, formatLineName, readAvailableStock } from "../core/cart";
import {
  type CheckoutRequest,
  type CommercePayload,
  CheckoutRequestSchema,
  MAX_CHECKOUT_BODY_BYTES,
} from "../core/checkout-contract";
import { type OrderReceipt, RECEIPT_PARAM, createOrderReference } from "../core/order-receipt";
import { formatPrice, readUnitPrice } from "../core/prices";
import { signToken } from "../core/signed-token";
import type { Commerce } from "./commerce/commerce";
import { createHttpCommerce } from "./commerce/http-commerce";
import type { Config } from "./config";
import { readRequestText } from "./request-body";
import { readSigningKey } from "./signing-key";
import { readClientKey } from "./client-key";
import type { WorkerEnv } from "./types";
import { setCachePolicy } from "./response-policy";

/** Seconds a rate-limited client is asked to wait (the limiter's period). */
export const RATE_LIMIT_RETRY_AFTER_S = 60;

function fail(
  c: Context<WorkerEnv>,
  status: 400 | 404 | 409 | 413 | 415 | 429 | 502 | 503,
  error: string,
  message: string,
  extra = {},
) {
  setCachePolicy(c, "no-store");
  return c.json({ error, message, ...extra }, status);
}

/** Whether `url` may be handed to the browser: https (or our own origin) on an allowed host. */
export function isAllowedCheckoutUrl(url: string, allowedHosts: readonly string[], requestUrl: URL): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const sameOrigin = parsed.origin === requestUrl.origin;
  if (parsed.protocol !== "https:" && !sameOrigin) return false;
  return allowedHosts.includes(parsed.host.toLowerCase());
}

/** First line whose quantity exceeds our stock, with rule 4.3's message, or `null`. */
function findStockProblem(request: CheckoutRequest): { variantId: string; message: string } | null {
  for (const line of request.items) {
    const found = findVariant(line.variant_id);
    if (!found) continue; // the schema already refused unknown variants
    const stock = readAvailableStock(found.variant);
    if (line.quantity > stock) {
      const message = buildOverStockMessage(line.variant_id, found.product.title, found.variant.title, stock);
      return { variantId: line.variant_id, message };
    }
  }
  return null;
}

/**
 * The commerce implementation for this configuration, or `null` when there
 * is none (live mode with a missing value, or the sandbox in a production build).
 */
async function loadCommerce(config: Config, key: CryptoKey): Promise<Commerce | null> {
  if (config.commerce === null) return null;
  if (config.commerce.mode === "live") return createHttpCommerce(config.commerce);
  if (!__COMMERCE_SANDBOX__) return null; // the build's literal: see worker/index.ts
  return (await import("./commerce/sandbox-commerce")).createSandboxCommerce(key);
}

/**
 * The receipt the worker vouches for (rule 5.8): a fresh reference and each
 * line's name and price from our own catalogue, as the cart shows them.
 */
export function buildOrderReceipt(request: CheckoutRequest, nowMs: number): OrderReceipt {
  let totalCents = 0;
  const lines = request.items.flatMap((item) => {
    const found = findVariant(item.variant_id);
    if (!found) return []; // the schema already refused unknown variants
    const cents = readUnitPrice(found.variant) * item.quantity;
    totalCents += cents;
    return [
      {
        name: formatLineName(item.variant_id, found.product.title, found.variant.title),
        quantity: item.quantity,
        price: formatPrice(cents, found.variant.currency),
      },
    ];
  });
  return { reference: createOrderReference(), issuedAt: nowMs, lines, totalCents };
}

/** The checkout routes, mounted on the worker app. */
export function checkoutRoutes(): Hono<WorkerEnv> {
  const routes = new Hono<WorkerEnv>();

  routes.post("/api/checkout", async (c) => {
    const limiter = c.var.config.bindings.checkoutLimiter;
    if (limiter) {
      const { success } = await limiter.limit({ key: readClientKey(c.req.raw) });
      if (!success) {
        c.header("Retry-After", String(RATE_LIMIT_RETRY_AFTER_S));
        return fail(c, 429, "rate_limited", "Too many checkout attempts. Please wait a minute and try again.");
      }
    }
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/json\s*(?:;|$)/i.test(type)) {
      return fail(c, 415, "unsupported_media_type", "Send the checkout request as application/json.");
    }
    const text = await readRequestText(c.req.raw, MAX_CHECKOUT_BODY_BYTES);
    if (text === null) {
      return fail(c, 413, "payload_too_large", `The checkout request is larger than ${MAX_CHECKOUT_BODY_BYTES} bytes.`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return fail(c, 400, "invalid_json", "The checkout request is not valid JSON.");
    }
    const parsed = v.safeParse(CheckoutRequestSchema, body);
    if (!parsed.success) {
      const issues = parsed.issues.slice(0, 10).map((issue) => ({
        path: v.getDotPath(issue) ?? "",
        message: issue.message,
      }));
      return fail(c, 400, "invalid_request", "The checkout request is not valid.", { issues });
    }
    const requestUrl = new URL(c.req.url);
    // The schema already checked that cancelUrl parses as a URL. Only the parsed form goes on: another
    // parser could read the raw text's host differently (`http://host\@evil.test/`).
    const cancelUrl = new URL(parsed.output.cancelUrl);
    if (cancelUrl.origin !== requestUrl.origin) {
      return fail(c, 400, "invalid_request", "The checkout request is not valid.", {
        issues: [{ path: "cancelUrl", message: "cancelUrl must be on this site" }],
      });
    }
    const stockProblem = findStockProblem(parsed.output);
    if (stockProblem) {
      return fail(c, 409, "insufficient_stock", stockProblem.message, { variant_id: stockProblem.variantId });
    }

    const key = await readSigningKey(c.var.config);
    const commerce = await loadCommerce(c.var.config, key);
    if (!commerce) return fail(c, 503, "checkout_unavailable", "Checkout is not configured.");
    const successUrl = new URL("/success", requestUrl.origin);
    successUrl.searchParams.set(RECEIPT_PARAM, await signToken(key, buildOrderReceipt(parsed.output, Date.now())));
    const payload: CommercePayload = {
      items: parsed.output.items.map((item) => ({ variant_id: item.variant_id, quantity: item.quantity })),
      successUrl: successUrl.toString(),
      cancelUrl: cancelUrl.href,
      locale: parsed.output.locale,
      timeZone: parsed.output.timeZone,
    };
    let url: string;
    try {
      url = await commerce.createCheckout(payload, requestUrl.origin);
    } catch (error) {
      console.warn(JSON.stringify({ level: "warn", event: "checkout.upstream_failed", reason: String(error) }));
      return fail(c, 502, "upstream_error", "The checkout service did not answer correctly. Please try again.");
    }
    if (!isAllowedCheckoutUrl(url, commerce.listAllowedHosts(requestUrl.origin), requestUrl)) {
      console.warn(JSON.stringify({ level: "warn", event: "checkout.url_refused", host: safeHost(url) }));
      return fail(c, 502, "upstream_error", "The checkout service did not answer correctly. Please try again.");
    }
    setCachePolicy(c, "no-store");
    return c.json({ url });
  });

  routes.all("/api/checkout", async (c) => {
    c.header("Allow", "POST");
    return c.json({ error: "method_not_allowed", message: "Use POST." }, 405);
  });

  return routes;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(not a URL)";
  }
}
