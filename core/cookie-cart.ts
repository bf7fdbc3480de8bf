/**
 * The cart of a browser without JavaScript (rule 4.13, decision 023): its lines live in one cookie, `vpf_cart`, as
 * `[{ "variant_id": …, "quantity": … }]`, and every change is a form post to `/cart`. Names, prices and stock always
 * come from the catalogue, never from the cookie, which the browser may have changed.
 */
import { parse as parseCookieHeader } from "hono/utils/cookie";
import * as v from "valibot";
import { findProduct, findVariant } from "../content/products";
import { type CartState, EMPTY_CART, buildCartLine, joinCartWithCatalogue, readAvailableStock } from "./cart";
import { CART_COOKIE } from "./cart-storage";
import { CheckoutLineSchema, MAX_CHECKOUT_LINES } from "./checkout-contract";
import { findChosenVariant, readChoiceParam } from "./product-choice";

export { CART_COOKIE };

/** How long the cookie cart is kept after its last change: 30 days, in seconds. */
export const CART_COOKIE_MAX_AGE_S = 30 * 86_400;

/** The cookie's value once parsed: at most `MAX_CHECKOUT_LINES` lines of known variants, each variant once. */
export const CookieCartSchema = v.pipe(
  v.array(CheckoutLineSchema),
  v.maxLength(MAX_CHECKOUT_LINES),
  v.check((lines) => new Set(lines.map((line) => line.variant_id)).size === lines.length, "the same variant twice"),
);

/** The cookie's largest encoded value: browsers keep a cookie of up to 4,096 bytes, name and attributes included. */
export const MAX_CART_COOKIE_BYTES = 3_800;

/** The cookie's value for `lines`, as the browser stores it: JSON, percent-encoded. */
export function encodeCookieCart(lines: readonly CookieCartLine[]): string {
  return encodeURIComponent(JSON.stringify(lines));
}

export type CookieCartLine = v.InferOutput<typeof CheckoutLineSchema>;

const quantityField = v.pipe(v.string(), v.trim(), v.digits(), v.toNumber(), v.integer(), v.maxValue(1_000_000));

/**
 * What a form post to `/cart` may ask, once `readCartFormFields` has named it: add what a product page's form shows,
 * set or drop a line, or check out.
 */
export const CartFormSchema = v.variant("intent", [
  v.object({
    intent: v.literal("add"),
    product: v.pipe(v.string(), v.maxLength(100)),
    quantity: v.optional(quantityField, "1"),
    /** The value of the product page's choice field (`readChoiceParam`), a variant slug. */
    choice: v.optional(v.pipe(v.string(), v.maxLength(100))),
  }),
  v.object({ intent: v.literal("set"), variant_id: v.pipe(v.string(), v.maxLength(100)), quantity: quantityField }),
  v.object({ intent: v.literal("remove"), variant_id: v.pipe(v.string(), v.maxLength(100)) }),
  v.object({ intent: v.literal("checkout") }),
]);

export type CartForm = v.InferOutput<typeof CartFormSchema>;

/** What `/cart` says after a change, by the `notice` query parameter the post redirects with. */
export const CART_NOTICES = {
  added: "Added to your cart.",
  limited: "That is all the stock there is: your cart holds every one left.",
  unavailable: "That product cannot be bought now.",
  updated: "Your cart is updated.",
  removed: "The line is removed from your cart.",
  full: "Your cart is full: check out or remove a line first.",
  "checkout-error": "There was a problem initializing checkout. Please try again.",
  empty: "Add some products to your cart before checking out.",
} as const;

export type CartNotice = keyof typeof CART_NOTICES;

export const CartNoticeSchema = v.picklist(Object.keys(CART_NOTICES) as CartNotice[]);

/** The value of cookie `name` in a `Cookie` header, parsed as the worker's `getCookie` parses it; else `undefined`. */
export function readCookie(header: string | null, name: string): string | undefined {
  return header ? parseCookieHeader(header, name)[name] : undefined;
}

/** The cookie's lines; an absent, malformed or tampered value (or a line of an unknown variant) gives `[]`. */
export function parseCookieCart(value: string | undefined): CookieCartLine[] {
  if (!value) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return [];
  }
  const parsed = v.safeParse(CookieCartSchema, json);
  return parsed.success ? parsed.output : [];
}

/** The lines as the cart's rules see them, joined with the catalogue (rule 4.7: gone lines dropped, caps kept). */
export function readCookieCartState(lines: readonly CookieCartLine[]): CartState {
  if (lines.length === 0) return EMPTY_CART;
  const items = lines.flatMap((line) => {
    const found = findVariant(line.variant_id);
    return found ? [buildCartLine(found.product, found.variant, line.quantity)] : [];
  });
  return joinCartWithCatalogue({ items }).cart;
}

/**
 * Applies a form's change to the lines: `add` adds to the line of the variant the product's form chose, capped at
 * its stock (`limited`); `set` caps at stock and drops a line set to 0; `remove` drops it. `unavailable` for a
 * product that is unknown, not for sale or sold out; `full` when the new line would pass 50 lines or `maxBytes` of
 * encoded cookie. `checkout` changes nothing.
 */
export function applyCartForm(
  lines: readonly CookieCartLine[],
  form: CartForm,
  maxBytes = MAX_CART_COOKIE_BYTES,
): { lines: CookieCartLine[]; notice: CartNotice } {
  const kept = lines.filter((line) => findVariant(line.variant_id) !== undefined);
  if (form.intent === "checkout") return { lines: kept, notice: "updated" };
  if (form.intent === "remove") {
    return { lines: kept.filter((line) => line.variant_id !== form.variant_id), notice: "removed" };
  }
  if (form.intent === "set") {
    const found = findVariant(form.variant_id);
    if (!found) return { lines: kept, notice: "unavailable" };
    const quantity = Math.min(form.quantity, readAvailableStock(found.variant));
    const next = kept.flatMap((line) => {
      if (line.variant_id !== form.variant_id) return [line];
      return quantity < 1 ? [] : [{ variant_id: line.variant_id, quantity }];
    });
    return { lines: next, notice: quantity < 1 ? "removed" : quantity < form.quantity ? "limited" : "updated" };
  }
  const product = findProduct(form.product);
  const variant = product ? findChosenVariant(product, form.choice ?? null) : undefined;
  const stock = variant ? readAvailableStock(variant) : 0;
  if (!product?.purchasable || !variant || stock < 1 || form.quantity < 1)
    return { lines: kept, notice: "unavailable" };
  const inCart = kept.find((line) => line.variant_id === variant.id)?.quantity ?? 0;
  const quantity = Math.min(stock, inCart + form.quantity);
  const next =
    inCart > 0
      ? kept.map((line) => (line.variant_id === variant.id ? { ...line, quantity } : line))
      : [...kept, { variant_id: variant.id, quantity }];
  if (next.length > MAX_CHECKOUT_LINES || encodeCookieCart(next).length > maxBytes) {
    return { lines: kept, notice: "full" };
  }
  return { lines: next, notice: quantity < inCart + form.quantity ? "limited" : "added" };
}

/**
 * A posted form's fields as `CartFormSchema` reads them. The product page's Add to Cart (without JavaScript) posts
 * its whole form: the button's `add` field names the product and the product's own choice field (`?size=`) the
 * variant, so the page's address keeps no field of the cart's.
 */
export function readCartFormFields(fields: Record<string, unknown>): Record<string, unknown> {
  if (typeof fields.add !== "string") return fields;
  const product = findProduct(fields.add);
  return {
    intent: "add",
    product: fields.add,
    quantity: fields.quantity,
    choice: product ? fields[readChoiceParam(product)] : undefined,
  };
}
