/**
 * What coming back from checkout without paying (Cancel or Back) does once
 * the cart's code is loaded (docs/product-rules.md rule 5.9): the lines kept aside come back and
 * a toast says so ('Checkout cancelled': 'Your cart is as you left it.').
 * Only `useCancelledCheckout` imports this module, and only dynamically, so
 * the cart's code stays out of the first load of every page.
 */
import { restoreCheckout } from "./cart-store";
import { showToast } from "./toast";

/** Restores the cart kept aside for checkout; toasts when any line came back. */
export function restoreCancelledCheckout(): void {
  if (restoreCheckout()) showToast({ title: "Checkout cancelled", description: "Your cart is as you left it." });
}
