/**
 * Emptying the saved cart without the cart store (rules 5.6, 5.8), so `/success` loads no catalogue;
 * a cart store running in this tab follows `CART_CLEARED_EVENT`.
 */
import { CART_CLEARED_EVENT, CART_STORAGE_KEY, LAST_ORDER_STORAGE_KEY } from "../../core/cart-storage";

/** Removes the saved cart and the lines kept aside for checkout. Never throws. */
export function clearSavedCart(): void {
  try {
    window.localStorage.removeItem(CART_STORAGE_KEY);
    window.localStorage.removeItem(LAST_ORDER_STORAGE_KEY);
  } catch (error) {
    console.warn("[cart] the saved cart could not be removed.", error);
  }
  window.dispatchEvent(new Event(CART_CLEARED_EVENT));
}
