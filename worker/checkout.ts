/**
 * `POST /api/checkout` (issue 4, spec §7): the browser's cart is checked
 * against our own catalogue, then forwarded to the commerce API, which answers
 * with the hosted checkout page's URL.
 *
 * Trusts nothing from the browser (decisions.md): per-IP rate limit (429 with
 * Retry-After), JSON only (415), 16 KiB at most (413), strict schema (400 with
 * the issues), `cancelUrl` on our own origin (400), stock from our catalogue
 * (409 with spec §5's message), `successUrl` set here to our `/success`, a
 * timeout on the upstream call, and only a URL on an allowed host is returned.
 * Every upstream failure is a 502 JSON error.
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as v from "valibot";
import { findVariant } from "../content/products";
import { readAvailableStock } from "../core/cart";
import {
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  MAX_CHECKOUT_BODY_BYTES,
  type CheckoutRequest,
} from "../core/checkout-contract";
import { createSandboxCheckout, isSandbox } from "./commerce-sandbox";
import { readMilliseconds } from "./durations";
import type { WorkerEnv } from "./types";

/** Upstream timeout when `COMMERCE_TIMEOUT_MS` is unset, in ms. */
export const DEFAULT_COMMERCE_TIMEOUT_MS = 8000;

/** Seconds a rate-limited client is asked to wait (the limiter's period). */
export const RATE_LIMIT_RETRY_AFTER_S = 60;

/** The payload the commerce API receives (spec §7), exactly. */
export interface CommercePayload {
  items: Array<{ variant_id: string; quantity: number }>;
  successUrl: string;
  cancelUrl: string;
  locale: string;
  timeZone: string;
}

function fail(
  c: Context<WorkerEnv>,
  status: 400 | 404 | 409 | 413 | 415 | 429 | 502 | 503,
  error: string,
  message: string,
  extra = {},
) {
  c.header("Cache-Control", "no-store");
  return c.json({ error, message, ...extra }, status);
}

/** The client address the rate limit counts by. */
function readClientKey(c: Context<WorkerEnv>): string {
  return c.req.header("cf-connecting-ip") ?? c.req.header("x-real-ip") ?? "unknown";
}

/** Hosts a checkout URL may point to: the configured list, plus our own host for the sandbox. */
export function listAllowedCheckoutHosts(env: Env, requestUrl: URL): string[] {
  const hosts = (env.CHECKOUT_ALLOWED_HOSTS ?? "")
    .split(",")
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  if (isSandbox(env)) hosts.push(requestUrl.host.toLowerCase());
  return hosts;
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

/** First line whose quantity exceeds our stock, as spec §5's message, or `null`. */
function findStockProblem(request: CheckoutRequest): string | null {
  for (const line of request.items) {
    const found = findVariant(line.variant_id);
    if (!found) continue; // the schema already refused unknown variants
    const stock = readAvailableStock(found.variant);
    if (line.quantity > stock) {
      return `Not enough stock for ${found.product.title} (${found.variant.title}). Only ${stock} left.`;
    }
  }
  return null;
}

/** Calls the commerce API (or the sandbox) and returns the raw checkout URL. */
async function requestCheckoutUrl(env: Env, payload: CommercePayload, requestUrl: URL): Promise<string> {
  if (isSandbox(env)) return createSandboxCheckout(payload, requestUrl.origin).url;
  const base = (env.COMMERCE_API_URL ?? "").replace(/\/+$/, "");
  // Zero would abort at once, so it means the default too.
  const timeout = readMilliseconds(env.COMMERCE_TIMEOUT_MS, DEFAULT_COMMERCE_TIMEOUT_MS) || DEFAULT_COMMERCE_TIMEOUT_MS;
  const response = await fetch(`${base}/store/${encodeURIComponent(env.STORE_ID ?? "")}/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(timeout),
  });
  if (!response.ok) throw new Error(`commerce API answered ${response.status} ${response.statusText}`);
  const answer = v.safeParse(CheckoutResponseSchema, await response.json());
  if (!answer.success) throw new Error("commerce API answer has no url");
  return answer.output.url;
}

/** The checkout routes, mounted on the worker app. */
export function checkoutRoutes(): Hono<WorkerEnv> {
  const routes = new Hono<WorkerEnv>();

  routes.post(
    "/api/checkout",
    async (c, next) => {
      const limiter = c.env.CHECKOUT_RATE_LIMITER;
      if (limiter) {
        const { success } = await limiter.limit({ key: readClientKey(c) });
        if (!success) {
          c.header("Retry-After", String(RATE_LIMIT_RETRY_AFTER_S));
          return fail(c, 429, "rate_limited", "Too many checkout attempts. Please wait a minute and try again.");
        }
      }
      const type = c.req.header("content-type") ?? "";
      if (!/^application\/json\s*(?:;|$)/i.test(type)) {
        return fail(c, 415, "unsupported_media_type", "Send the checkout request as application/json.");
      }
      await next();
    },
    bodyLimit({
      maxSize: MAX_CHECKOUT_BODY_BYTES,
      onError: (c) =>
        fail(c, 413, "payload_too_large", `The checkout request is larger than ${MAX_CHECKOUT_BODY_BYTES} bytes.`),
    }),
    async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
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
      // The schema already checked that cancelUrl parses as a URL.
      if (new URL(parsed.output.cancelUrl).origin !== requestUrl.origin) {
        return fail(c, 400, "invalid_request", "The checkout request is not valid.", {
          issues: [{ path: "cancelUrl", message: "cancelUrl must be on this site" }],
        });
      }
      const stockProblem = findStockProblem(parsed.output);
      if (stockProblem) return fail(c, 409, "insufficient_stock", stockProblem);

      if (!isSandbox(c.env) && !c.env.COMMERCE_API_URL) {
        return fail(c, 503, "checkout_unavailable", "Checkout is not configured.");
      }
      const payload: CommercePayload = {
        items: parsed.output.items.map((item) => ({ variant_id: item.variant_id, quantity: item.quantity })),
        successUrl: `${requestUrl.origin}/success`,
        cancelUrl: parsed.output.cancelUrl,
        locale: parsed.output.locale,
        timeZone: parsed.output.timeZone,
      };
      let url: string;
      try {
        url = await requestCheckoutUrl(c.env, payload, requestUrl);
      } catch (error) {
        console.warn(JSON.stringify({ level: "warn", event: "checkout.upstream_failed", reason: String(error) }));
        return fail(c, 502, "upstream_error", "The checkout service did not answer correctly. Please try again.");
      }
      if (!isAllowedCheckoutUrl(url, listAllowedCheckoutHosts(c.env, requestUrl), requestUrl)) {
        console.warn(JSON.stringify({ level: "warn", event: "checkout.url_refused", host: safeHost(url) }));
        return fail(c, 502, "upstream_error", "The checkout service did not answer correctly. Please try again.");
      }
      c.header("Cache-Control", "no-store");
      return c.json({ url });
    },
  );

  routes.all("/api/checkout", (c) => {
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
