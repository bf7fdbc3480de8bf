/** `POST /api/checkout` (rules 5.1 to 5.3, 5.8): the cart, checked against our catalogue, goes to the commerce API. */
import type { Context, Hono } from "hono";
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
import type { Config } from "../server/config.server";
import { readSigningKey } from "../server/signing-key.server";
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

function findStockProblem(request: CheckoutRequest): { variantId: string; message: string } | null {
  for (const line of request.items) {
    const found = findVariant(line.variant_id);
    if (!found) continue;
    const stock = readAvailableStock(found.variant);
    if (line.quantity > stock) {
      const message = buildOverStockMessage(line.variant_id, found.product.title, found.variant.title, stock);
      return { variantId: line.variant_id, message };
    }
  }
  return null;
}

async function loadCommerce(config: Config, key: CryptoKey): Promise<Commerce | null> {
  if (config.commerce === null || config.commerce.mode === "off") return null;
  if (config.commerce.mode === "live") return createHttpCommerce(config.commerce);
  // The literal here lets the bundler drop the sandbox from production builds.
  if (!__COMMERCE_SANDBOX__) return null;
  return (await import("./commerce/sandbox-commerce")).createSandboxCommerce(key);
}

/** Rule 5.8: names and prices come from our own catalogue, never from the request. */
export function buildOrderReceipt(request: CheckoutRequest, nowMs: number): OrderReceipt {
  let totalCents = 0;
  const lines = request.items.flatMap((item) => {
    const found = findVariant(item.variant_id);
    if (!found) return [];
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
      const opened = await openCheckout(c, request);
      if ("url" in opened) return c.json({ url: opened.url });
      return answerError(c, opened.status, opened.error, opened.message, opened.details);
    },
  });
}

/** Why checkout did not open: the status and envelope `POST /api/checkout` answers with. */
export interface CheckoutRefusal {
  status: 400 | 409 | 502 | 503;
  error: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * Checks a cart against the catalogue's stock and asks the commerce API for its checkout page (rules 5.1 to 5.3,
 * 5.8), for `POST /api/checkout` and the cart page's form alike. Returns the page's URL, or why not: 400 for a
 * cancel address on another site, 409 over stock, 503 with no commerce configured, 502 when the API fails or
 * answers a host not on its allowlist. Never throws for the API's failures.
 */
export async function openCheckout(
  c: Context<WorkerEnv>,
  request: CheckoutRequest,
): Promise<{ url: string } | CheckoutRefusal> {
  const requestUrl = new URL(c.req.url);
  // Only the parsed form goes on: another parser could read the raw host differently (`http://host\@evil.test/`).
  const cancelUrl = new URL(request.cancelUrl);
  if (cancelUrl.origin !== requestUrl.origin) {
    return {
      status: 400,
      error: "invalid_request",
      message: "The checkout request is not valid.",
      details: { issues: [{ path: "cancelUrl", message: "cancelUrl must be on this site" }] },
    };
  }
  const stockProblem = findStockProblem(request);
  if (stockProblem) {
    return {
      status: 409,
      error: "insufficient_stock",
      message: stockProblem.message,
      details: { variant_id: stockProblem.variantId },
    };
  }
  const key = await readSigningKey(c.var.config);
  const commerce = await loadCommerce(c.var.config, key);
  if (!commerce) return { status: 503, error: "checkout_unavailable", message: "Checkout is not configured." };
  const successUrl = new URL("/success", requestUrl.origin);
  successUrl.searchParams.set(RECEIPT_PARAM, await signToken(key, buildOrderReceipt(request, Date.now())));
  const payload: CommercePayload = {
    items: request.items.map((item) => ({ variant_id: item.variant_id, quantity: item.quantity })),
    successUrl: successUrl.toString(),
    cancelUrl: cancelUrl.href,
    locale: request.locale,
    timeZone: request.timeZone,
  };
  const upstreamError = { status: 502, error: "upstream_error", message: UPSTREAM_ERROR_MESSAGE } as const;
  let url: string;
  try {
    url = await commerce.createCheckout(payload, requestUrl.origin);
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", event: "checkout.upstream_failed", reason: String(error) }));
    return upstreamError;
  }
  if (!isAllowedCheckoutUrl(url, commerce.listAllowedHosts(requestUrl.origin), requestUrl)) {
    console.warn(JSON.stringify({ level: "warn", event: "checkout.url_refused", host: safeHost(url) }));
    return upstreamError;
  }
  return { url };
}

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
