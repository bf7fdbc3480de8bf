/** Where the browser keeps the cart (rule 4.6), apart from `cart.ts` so a page can check for one without loading it. */

export const CART_STORAGE_KEY = "vpf-cart";

/** The cookie that holds the cart of a browser without JavaScript (rule 4.13, `cookie-cart.ts`). */
export const CART_COOKIE = "vpf_cart";

/** Dispatched on `window` after each change made in this tab. */
export const CART_CHANGED_EVENT = "vpf:cart-changed";

/** Dispatched on `window` when a page empties the saved cart without the store. */
export const CART_CLEARED_EVENT = "vpf:cart-cleared";

/** localStorage key of the lines last sent to checkout (rule 5.9). */
export const LAST_ORDER_STORAGE_KEY = "vpf-last-order";

/** On `cancelUrl`: coming back through it restores the lines sent to checkout (rule 5.9). */
export const CHECKOUT_CANCELLED_PARAM = "checkout";

export const CHECKOUT_CANCELLED_VALUE = "cancelled";

export const CHECKOUT_LINES_LIFETIME_MS = 24 * 60 * 60 * 1000;
