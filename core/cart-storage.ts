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

/** Query parameter put on `cancelUrl`: coming back through it restores the lines sent to checkout (rule 5.9). */
export const CHECKOUT_CANCELLED_PARAM = "checkout";

/** The parameter's value on `cancelUrl`. */
export const CHECKOUT_CANCELLED_VALUE = "cancelled";

/** How long lines kept aside for checkout may be restored: one day, in ms. */
export const CHECKOUT_LINES_LIFETIME_MS = 24 * 60 * 60 * 1000;
