/** What `POST /api/checkout` accepts and answers (rule 5.1), shared by the cart drawer and the worker. */
import * as v from "valibot";
import { findVariant } from "../content/products";
import { UNMANAGED_STOCK } from "./cart";

export const MAX_CHECKOUT_LINES = 50;

export const MAX_CHECKOUT_BODY_BYTES = 16 * 1024;

export const CheckoutLineSchema = v.strictObject({
  variant_id: v.pipe(
    v.string(),
    v.maxLength(100),
    v.check((id) => findVariant(id) !== undefined, "unknown variant"),
  ),
  quantity: v.pipe(
    v.number("quantity must be a number"),
    v.integer("quantity must be a whole number"),
    v.minValue(1, "quantity must be at least 1"),
    v.maxValue(UNMANAGED_STOCK, `quantity must be at most ${UNMANAGED_STOCK}`),
  ),
});

export const CheckoutRequestSchema = v.strictObject({
  items: v.pipe(
    v.array(CheckoutLineSchema),
    v.minLength(1, "the cart is empty"),
    v.maxLength(MAX_CHECKOUT_LINES, `at most ${MAX_CHECKOUT_LINES} lines`),
    v.check(
      (items) => new Set(items.map((item) => item.variant_id)).size === items.length,
      "the same variant appears twice",
    ),
  ),
  cancelUrl: v.pipe(v.string(), v.maxLength(2048), v.url("cancelUrl must be a URL")),
  locale: v.pipe(v.string(), v.regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/, "locale must be a language tag")),
  timeZone: v.pipe(v.string(), v.maxLength(64), v.regex(/^[A-Za-z0-9_+\-/]+$/, "timeZone must be an IANA name")),
});

export type CheckoutRequest = v.InferOutput<typeof CheckoutRequestSchema>;

/** The commerce API's answer (only `url` is read, rule 5.1) and ours to the browser. */
export const CheckoutResponseSchema = v.object({ url: v.pipe(v.string(), v.url()) });

/** Exactly what the commerce API receives (rule 5.1). */
export interface CommercePayload {
  items: Array<{ variant_id: string; quantity: number }>;
  successUrl: string;
  cancelUrl: string;
  locale: string;
  timeZone: string;
}
