/** Checkout from a cart view (the drawer, the cart page): its running state and the stock refusal to show. */
import { useState } from "react";
import type { CartState } from "../../core/cart";
import { type StockRefusal, startCheckout } from "./checkout";

/**
 * `checkout()` runs `startCheckout` for `cart`; `checkingOut` holds while it runs and stays once the browser is
 * leaving; `refusal` is the worker's 409 stock message (rule 4.3), cleared by the next attempt.
 */
export function useCheckout(cart: CartState): {
  checkingOut: boolean;
  refusal: StockRefusal | null;
  checkout: () => Promise<void>;
} {
  const [checkingOut, setCheckingOut] = useState(false);
  const [refusal, setRefusal] = useState<StockRefusal | null>(null);
  async function checkout() {
    setCheckingOut(true);
    setRefusal(null);
    const outcome = await startCheckout(cart);
    if (!outcome.leaving) {
      setCheckingOut(false);
      setRefusal(outcome.stock ?? null);
    }
  }
  return { checkingOut, refusal, checkout };
}
