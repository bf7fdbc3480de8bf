/** Rule 5.9 once the cart's code is loaded; imported only dynamically, to keep the cart out of every first load. */
import { restoreCheckout } from "./cart-store";
import { showToast } from "./toast";

/** Restores the cart kept aside for checkout; toasts when any line came back. */
export function restoreCancelledCheckout(): void {
  if (restoreCheckout()) showToast({ title: "Checkout cancelled", description: "Your cart is as you left it." });
}
