/**
 * Where the browser keeps the cart (rule 4.6), apart from the cart's rules so
 * that a page can ask whether there is a saved cart without loading them.
 */

/** localStorage key of the saved cart. */
export const CART_STORAGE_KEY = "vpf-cart";

/** Event the cart store dispatches on `window` after each change made in this tab. */
export const CART_CHANGED_EVENT = "vpf:cart-changed";

/** Event dispatched on `window` when a page empties the saved cart without the cart store (`/success`). */
export const CART_CLEARED_EVENT = "vpf:cart-cleared";

/** sessionStorage key of the lines last sent to checkout (rule 5.6). */
export const LAST_ORDER_STORAGE_KEY = "vpf-last-order";
