/**
 * The browser's cart (rules 4.3 to 4.6): the rules of `cart.ts`, kept in
 * localStorage under `vpf-cart` and shared with every open tab through the
 * `storage` event. Corrupt or unreadable saved data is logged and the cart
 * starts empty; a failing write (quota, private mode) is logged and the cart
 * still works for this page. The server always renders the empty cart; the
 * browser fills it in after hydration, so the markup never mismatches.
 */
import { useSyncExternalStore } from "react";
import {
  type AddResult,
  CART_STORAGE_KEY,
  type CartItem,
  type CartState,
  EMPTY_CART,
  addItem,
  clearCart,
  parseSavedCart,
  removeItem,
  serializeCart,
  updateQuantity,
} from "../../core/cart";

let state: CartState = EMPTY_CART;
let loaded = false;
let listeningToOtherTabs = false;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

function readSaved(raw: string | null): CartState {
  const reading = parseSavedCart(raw);
  if (reading.problem) console.warn(`[cart] ${reading.problem}; starting with an empty cart.`);
  return reading.cart;
}

function ensureLoaded(): void {
  if (loaded || typeof window === "undefined") return;
  loaded = true;
  try {
    state = readSaved(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch (error) {
    console.warn("[cart] saved cart could not be read; starting with an empty cart.", error);
    state = EMPTY_CART;
  }
}

function commit(next: CartState): void {
  state = next;
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, serializeCart(next));
  } catch (error) {
    console.warn("[cart] the cart could not be saved; it lasts for this page only.", error);
  }
  emit();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
  state = event.key === null ? EMPTY_CART : readSaved(event.newValue);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!listeningToOtherTabs) {
    window.addEventListener("storage", onStorage);
    listeningToOtherTabs = true;
  }
  return () => listeners.delete(listener);
}

function getSnapshot(): CartState {
  ensureLoaded();
  return state;
}

/** The cart, re-rendering on every change here or in another tab; empty on the server. */
export function useCart(): CartState {
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY_CART);
}

/** The cart outside React (browser only). */
export function readCart(): CartState {
  return getSnapshot();
}

/** Adds a line; see `addItem` for the rules and the over-stock message. */
export function addToCart(line: {
  product: CartItem["product"];
  variant: CartItem["variant"];
  quantity: number;
}): AddResult {
  const result = addItem(getSnapshot(), line);
  if (result.ok) commit(result.cart);
  return result;
}

/** Removes a variant's line. */
export function removeFromCart(variantId: string): void {
  commit(removeItem(getSnapshot(), variantId));
}

/** Changes a line's quantity (values below 1 ignored, capped at stock). */
export function changeQuantity(variantId: string, quantity: number): void {
  const next = updateQuantity(getSnapshot(), variantId, quantity);
  if (next !== getSnapshot()) commit(next);
}

/** Empties the cart (before checkout and on /success). */
export function emptyCart(): void {
  commit(clearCart());
}
