/**
 * `useHasCart()`: whether this browser has a cart worth counting, without
 * loading the cart's rules, its validator or the catalogue (about 6 kB gzip)
 * on a visit that never used the cart. False on the server and during
 * hydration; true once a saved cart is found, another tab saves one, or the
 * cart store changes the cart in this tab (rule 4.2's badge then loads).
 */
import { useSyncExternalStore } from "react";
import { CART_CHANGED_EVENT, CART_STORAGE_KEY } from "../../core/cart-storage";

let hasCart = false;

function readHasCart(): boolean {
  if (hasCart) return true;
  try {
    hasCart = window.localStorage.getItem(CART_STORAGE_KEY) !== null;
  } catch {
    // Storage unreadable (private mode): no saved cart can exist.
  }
  return hasCart;
}

function subscribe(onChange: () => void): () => void {
  const onCartChanged = () => {
    hasCart = true;
    onChange();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY && event.newValue !== null) onCartChanged();
  };
  window.addEventListener(CART_CHANGED_EVENT, onCartChanged);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CART_CHANGED_EVENT, onCartChanged);
    window.removeEventListener("storage", onStorage);
  };
}

/** True from the moment the cart may hold something in this browser; never goes back to false. */
export function useHasCart(): boolean {
  return useSyncExternalStore(subscribe, readHasCart, () => false);
}
