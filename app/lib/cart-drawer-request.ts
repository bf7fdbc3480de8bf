/** Event dispatched on `window` to open the cart drawer. */
export const OPEN_CART_EVENT = "vpf:open-cart";

/** Asks the header's cart button to open the drawer ('View cart', rule 4.3) without importing the header. */
export function requestCartDrawer(): void {
  window.dispatchEvent(new Event(OPEN_CART_EVENT));
}
