/**
 * The browser's cart (rules 4.6, 4.7), in localStorage and shared across tabs. The server always
 * renders the empty cart and the browser fills it in after hydration, so the markup never mismatches.
 */
import { useSyncExternalStore } from "react";
import * as v from "valibot";
import {
  type AddResult,
  type CartItem,
  type CartState,
  EMPTY_CART,
  addItem,
  clearCart,
  describeCartChanges,
  joinCartWithCatalogue,
  parseSavedCart,
  removeItem,
  serializeCart,
  updateQuantity,
} from "../../core/cart";
import {
  CART_CHANGED_EVENT,
  CART_CLEARED_EVENT,
  CART_STORAGE_KEY,
  CHECKOUT_LINES_LIFETIME_MS,
  LAST_ORDER_STORAGE_KEY,
} from "../../core/cart-storage";
import { showToast } from "./toast";

const SavedCheckoutSchema = v.object({
  savedAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  cart: v.unknown(),
});

let state: CartState = EMPTY_CART;
let loaded = false;
let listeningToOtherTabs = false;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** Parses and joins saved text; `changed` is true when the join corrected it (so it should be saved back). */
function readSaved(raw: string | null): { cart: CartState; changed: boolean } {
  const reading = parseSavedCart(raw);
  if (reading.problem) console.warn(`[cart] ${reading.problem}; starting with an empty cart.`);
  const joined = joinCartWithCatalogue(reading.cart);
  if (joined.changes.length > 0) {
    showToast({ title: "Cart Updated", description: describeCartChanges(joined.changes) });
  }
  return { cart: joined.cart, changed: joined.cart !== reading.cart };
}

function save(cart: CartState): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, serializeCart(cart));
  } catch (error) {
    console.warn("[cart] the cart could not be saved; it lasts for this page only.", error);
  }
}

function ensureLoaded(): void {
  if (loaded || typeof window === "undefined") return;
  loaded = true;
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch (error) {
    console.warn("[cart] saved cart could not be read; starting with an empty cart.", error);
    state = EMPTY_CART;
    return;
  }
  const reading = readSaved(raw);
  state = reading.cart;
  if (reading.changed) save(state);
}

function commit(next: CartState): void {
  state = next;
  save(next);
  emit();
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

function onStorage(event: StorageEvent): void {
  if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
  state = event.key === null ? EMPTY_CART : readSaved(event.newValue).cart;
  emit();
}

function onCleared(): void {
  state = EMPTY_CART;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!listeningToOtherTabs) {
    window.addEventListener("storage", onStorage);
    window.addEventListener(CART_CLEARED_EVENT, onCleared);
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

/** Empties the cart (just before checkout; rule 5.6). */
export function emptyCart(): void {
  commit(clearCart());
}

/** Keeps the lines sent to checkout aside (`LAST_ORDER_STORAGE_KEY`) for Cancel or Back (rule 5.9). Never throws. */
export function rememberCheckout(cart: CartState, nowMs = Date.now()): void {
  try {
    window.localStorage.setItem(
      LAST_ORDER_STORAGE_KEY,
      JSON.stringify({ savedAt: nowMs, cart: JSON.parse(serializeCart(cart)) as unknown }),
    );
  } catch (error) {
    console.warn("[cart] the cart could not be kept aside for a cancelled checkout.", error);
  }
}

/**
 * Brings back and forgets the lines kept aside for checkout (rule 5.9); a copy older than
 * `CHECKOUT_LINES_LIFETIME_MS` or unreadable is dropped. Lines added since stay. Returns whether any line came back.
 */
export function restoreCheckout(nowMs = Date.now()): boolean {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(LAST_ORDER_STORAGE_KEY);
    window.localStorage.removeItem(LAST_ORDER_STORAGE_KEY);
  } catch (error) {
    console.warn("[cart] the cart kept aside for checkout could not be read.", error);
    return false;
  }
  if (raw === null) return false;
  let saved: v.InferOutput<typeof SavedCheckoutSchema>;
  try {
    saved = v.parse(SavedCheckoutSchema, JSON.parse(raw));
  } catch {
    console.warn("[cart] the cart kept aside for checkout is not readable; it is dropped.");
    return false;
  }
  if (nowMs - saved.savedAt > CHECKOUT_LINES_LIFETIME_MS || saved.savedAt > nowMs + 60_000) {
    console.warn("[cart] the cart kept aside for checkout is stale; it is dropped.");
    return false;
  }
  const reading = parseSavedCart(JSON.stringify(saved.cart));
  if (reading.problem) {
    console.warn(`[cart] the cart kept aside for checkout: ${reading.problem}; it is dropped.`);
    return false;
  }
  const lines = joinCartWithCatalogue(reading.cart).cart.items;
  let next = getSnapshot();
  for (const line of lines) {
    if (next.items.some((item) => item.variant.id === line.variant.id)) continue;
    next = { items: [...next.items, line] };
  }
  if (next === getSnapshot()) return false;
  commit(next);
  return true;
}
