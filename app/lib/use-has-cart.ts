/** Whether this browser has a cart, without loading the cart's rules or the catalogue on a visit that never used it. */
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
