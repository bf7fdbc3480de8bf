/**
 * Starting checkout from the browser (docs/product-rules.md rules 5.1, 5.4,
 * 5.5, 5.6): refuses an empty cart with a toast, posts the cart's variant ids
 * and quantities to our worker's `POST /api/checkout`, and on success empties
 * the cart and goes to the hosted checkout page. Any failure shows the
 * destructive 'Checkout Error' toast, letter for letter, and keeps the cart.
 * When the worker refuses for stock (409), its message is returned too, so
 * the drawer can show it beside the line it concerns.
 */
import * as v from "valibot";
import type { CartState } from "../../core/cart";
import { type CheckoutRequest, CheckoutResponseSchema } from "../../core/checkout-contract";
import { CHECKOUT_CANCELLED_PARAM, CHECKOUT_CANCELLED_VALUE } from "../../core/cart-storage";
import { emptyCart, rememberCheckout } from "./cart-store";
import { showToast } from "./toast";

/** The body of a 409 answer: the over-stock message and, when the worker names it, the variant. */
const StockRefusalSchema = v.object({
  message: v.pipe(v.string(), v.maxLength(500)),
  variant_id: v.optional(v.string()),
});

/** Why checkout stopped on stock: the worker's message and the variant it names, if any. */
export interface StockRefusal {
  message: string;
  variantId?: string;
}

/** Outcome of `startCheckout`. */
export type CheckoutOutcome = { leaving: true } | { leaving: false; stock?: StockRefusal };

/** Thrown inside `startCheckout` for a non-ok answer; carries the status (rule 5.4). */
class CheckoutFailure extends Error {
  constructor(
    readonly status: number,
    statusText: string,
    readonly stock?: StockRefusal,
  ) {
    super(`Checkout failed: ${status} ${statusText}`);
  }
}

async function readStockRefusal(response: Response): Promise<StockRefusal | undefined> {
  try {
    const parsed = v.safeParse(StockRefusalSchema, await response.json());
    if (!parsed.success) return undefined;
    return { message: parsed.output.message, variantId: parsed.output.variant_id };
  } catch {
    return undefined;
  }
}

/** The address checkout's Cancel leads back to: this page, marked so that the cart is restored (rule 5.9). */
export function buildCancelUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.set(CHECKOUT_CANCELLED_PARAM, CHECKOUT_CANCELLED_VALUE);
  url.hash = "";
  return url.toString();
}

/**
 * Runs checkout for `cart`.
 *
 * @param navigate sends the browser to the checkout URL (a parameter for tests).
 * @returns `{ leaving: true }` when the browser is on its way to checkout;
 *   otherwise `leaving: false`, with `stock` when the worker answered 409.
 */
export async function startCheckout(
  cart: CartState,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): Promise<CheckoutOutcome> {
  if (cart.items.length === 0) {
    showToast({ title: "Your cart is empty", description: "Add some products to your cart before checking out." });
    return { leaving: false };
  }
  const body: CheckoutRequest = {
    items: cart.items.map((item) => ({ variant_id: item.variant.id, quantity: item.quantity })),
    cancelUrl: buildCancelUrl(window.location.href),
    locale: navigator.language || "en-US",
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
  };
  try {
    const response = await fetch("/api/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const stock = response.status === 409 ? await readStockRefusal(response) : undefined;
      throw new CheckoutFailure(response.status, response.statusText, stock);
    }
    const { url } = v.parse(CheckoutResponseSchema, await response.json());
    rememberCheckout(cart);
    emptyCart();
    navigate(url);
    return { leaving: true };
  } catch (error) {
    console.warn("[checkout]", error);
    showToast({
      title: "Checkout Error",
      description: "There was a problem initializing checkout. Please try again.",
      variant: "destructive",
    });
    return { leaving: false, stock: error instanceof CheckoutFailure ? error.stock : undefined };
  }
}
