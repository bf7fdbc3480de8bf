/**
 * Starting checkout from the browser (rules 5.1, 5.4, 5.5, 5.6): refuses an empty cart
 * with a toast, posts the cart to our worker's `POST /api/checkout`, and on
 * success empties the cart and goes to the hosted checkout page. Any failure
 * shows the destructive 'Checkout Error' toast and keeps the cart.
 */
import * as v from "valibot";
import type { CartState } from "../../core/cart";
import { emptyCart } from "./cart-store";
import { type CheckoutRequest, CheckoutResponseSchema } from "../../core/checkout-contract";
import { showToast } from "./toast";

/**
 * Runs checkout for `cart`.
 *
 * @param navigate sends the browser to the checkout URL (a parameter for tests).
 * @returns `true` when the browser is on its way to checkout.
 */
export async function startCheckout(
  cart: CartState,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): Promise<boolean> {
  if (cart.items.length === 0) {
    showToast({ title: "Your cart is empty", description: "Add some products to your cart before checking out." });
    return false;
  }
  const body: CheckoutRequest = {
    items: cart.items.map((item) => ({ variant_id: item.variant.id, quantity: item.quantity })),
    cancelUrl: window.location.href,
    locale: navigator.language || "en-US",
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
  };
  try {
    const response = await fetch("/api/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`Checkout failed: ${response.status} ${response.statusText}`);
    const { url } = v.parse(CheckoutResponseSchema, await response.json());
    emptyCart();
    navigate(url);
    return true;
  } catch (error) {
    console.warn("[checkout]", error);
    showToast({
      title: "Checkout Error",
      description: "There was a problem initializing checkout. Please try again.",
      variant: "destructive",
    });
    return false;
  }
}
