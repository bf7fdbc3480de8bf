/** Starting checkout from the browser through `POST /api/checkout` (rules 5.1, 5.4 to 5.6). */
import * as v from "valibot";
import { SITE_LOCALE } from "../../content/site";
import type { CartState } from "../../core/cart";
import { type CheckoutRequest, CheckoutResponseSchema } from "../../core/checkout-contract";
import { CHECKOUT_CANCELLED_PARAM, CHECKOUT_CANCELLED_VALUE } from "../../core/cart-storage";
import { emptyCart, rememberCheckout } from "./cart-store";
import { showToast } from "./toast";

const StockRefusalSchema = v.object({
  message: v.pipe(v.string(), v.maxLength(500)),
  variant_id: v.optional(v.string()),
});

/** A 409 stock refusal: the worker's message and the variant it names, if any, for the drawer to show. */
export interface StockRefusal {
  message: string;
  variantId?: string;
}

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

/** Runs checkout for `cart`; `navigate` is a parameter for tests. Failures toast and keep the cart. */
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
    locale: navigator.language || SITE_LOCALE,
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
