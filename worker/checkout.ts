/**
 * `POST /api/checkout` (rules 5.1 to 5.3): the browser's cart is checked
 * against our own catalogue, then handed to the commerce API, which answers
 * with the hosted checkout page's URL.
 *
 * The kit (`json-endpoint.ts`) checks the rate limit, JSON only, at most
 * `MAX_CHECKOUT_BODY_BYTES` and `CheckoutRequestSchema` (400 with up to 10
 * `issues`). Then, here: `cancelUrl` on our own origin (400), stock from our
 * catalogue (409 with rule 4.3's message and the `variant_id`), `successUrl`
 * set here to our `/success` with a signed order receipt (rule 5.8), and only
 * a URL on an allowed host is returned; every upstream failure is a 502, no
 * configured commerce a 503.
 */
import type { Hono } from "hono";
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
import { readSigningKey } from "./signing-key";
import { answerError, jsonEndpoint } from "./json-endpoint";
import type { WorkerEnv } from "./types";

const UPSTREAM_ERROR_MESSAGE = "The checkout service did not answer correctly. Please try again.";

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

/** The checkout route, mounted on the worker app. */
export function checkoutRoutes(): Hono<WorkerEnv> {
  return jsonEndpoint({
    path: "/api/checkout",
    noun: "checkout request",
    limiter: (bindings) => bindings.checkoutLimiter,
    mediaTypes: ["application/json"],
    maxBytes: MAX_CHECKOUT_BODY_BYTES,
    schema: CheckoutRequestSchema,
    invalid: { error: "invalid_request", details: (issues) => ({ issues: issues.slice(0, 10).map(describeIssue) }) },
    handle: async (c, request) => {
      const requestUrl = new URL(c.req.url);
      // The schema already checked that cancelUrl parses as a URL. Only the parsed form goes on: another
      // parser could read the raw text's host differently (`http://host\@evil.test/`).
      const cancelUrl = new URL(request.cancelUrl);
      if (cancelUrl.origin !== requestUrl.origin) {
        return answerError(c, 400, "invalid_request", "The checkout request is not valid.", {
          issues: [{ path: "cancelUrl", message: "cancelUrl must be on this site" }],
        });
      }
      const stockProblem = findStockProblem(request);
      if (stockProblem) {
        return answerError(c, 409, "insufficient_stock", stockProblem.message, { variant_id: stockProblem.variantId });
      }

      const key = await readSigningKey(c.var.config);
      const commerce = await loadCommerce(c.var.config, key);
      if (!commerce) return answerError(c, 503, "checkout_unavailable", "Checkout is not configured.");
      const successUrl = new URL("/success", requestUrl.origin);
      successUrl.searchParams.set(RECEIPT_PARAM, await signToken(key, buildOrderReceipt(request, Date.now())));
      const payload: CommercePayload = {
        items: request.items.map((item) => ({ variant_id: item.variant_id, quantity: item.quantity })),
        successUrl: successUrl.toString(),
        cancelUrl: cancelUrl.href,
        locale: request.locale,
        timeZone: request.timeZone,
      };
      let url: string;
      try {
        url = await commerce.createCheckout(payload, requestUrl.origin);
      } catch (error) {
        console.warn(JSON.stringify({ level: "warn", event: "checkout.upstream_failed", reason: String(error) }));
        return answerError(c, 502, "upstream_error", UPSTREAM_ERROR_MESSAGE);
      }
      if (!isAllowedCheckoutUrl(url, commerce.listAllowedHosts(requestUrl.origin), requestUrl)) {
        console.warn(JSON.stringify({ level: "warn", event: "checkout.url_refused", host: safeHost(url) }));
        return answerError(c, 502, "upstream_error", UPSTREAM_ERROR_MESSAGE);
      }
      return c.json({ url });
    },
  });
}

/** A schema issue as checkout's 400 names it: where (`items.0.quantity`) and what. */
function describeIssue(issue: v.BaseIssue<unknown>): { path: string; message: string } {
  return { path: v.getDotPath(issue) ?? "", message: issue.message };
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(not a URL)";
  }
}
