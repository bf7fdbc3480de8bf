/**
 * Lets any part of the page open the header's cart drawer (the 'View cart'
 * action of the 'Added to Cart!' toast, rule 4.3) without importing the
 * header: a window event the cart button listens for.
 */

/** Event dispatched on `window` to open the cart drawer. */
export const OPEN_CART_EVENT = "vpf:open-cart";

/** Asks the header's cart button to open the drawer (browser only; nothing happens without a cart button). */
export function requestCartDrawer(): void {
  window.dispatchEvent(new Event(OPEN_CART_EVENT));
}
