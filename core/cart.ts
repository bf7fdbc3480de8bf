/**
 * The cart's rules (rules 4.2 to 4.6): pure functions over `CartState`, and `CartStorageSchema`, the versioned
 * shape saved in localStorage under `vpf-cart` (rule 4.6).
 *
 * - add: raises the quantity of a variant already in the cart; refuses when a
 *   managed variant would exceed its stock.
 * - remove by variant id; change quantity (below 1 ignored, managed variants
 *   capped at stock); clear.
 */
import * as v from "valibot";
import { readUnitPrice } from "./prices";

/** Stock used for variants whose inventory is not managed (rule 4.5). */
export const UNMANAGED_STOCK = 999_999;

/** localStorage key of the saved cart. */
export const CART_STORAGE_KEY = "vpf-cart";

/** Version of the saved shape. */
export const CART_STORAGE_VERSION = 1;

const positiveInt = v.pipe(v.number(), v.integer(), v.minValue(1));
const cents = v.pipe(v.number(), v.integer(), v.minValue(0));

/** One cart line (rule 4.6). */
export const CartItemSchema = v.object({
  product: v.object({ id: v.string(), title: v.string(), image: v.nullable(v.string()) }),
  variant: v.object({
    id: v.pipe(v.string(), v.nonEmpty()),
    title: v.string(),
    manage_inventory: v.boolean(),
    inventory_quantity: v.pipe(v.number(), v.integer()),
    price_in_cents: cents,
    sale_price_in_cents: v.nullable(cents),
    currency: v.object({
      code: v.string(),
      symbol: v.optional(v.string()),
      template: v.optional(v.string()),
    }),
  }),
  quantity: positiveInt,
});

/** What is saved under `vpf-cart`. */
export const CartStorageSchema = v.object({
  version: v.literal(CART_STORAGE_VERSION),
  items: v.pipe(
    v.array(CartItemSchema),
    v.check((items) => new Set(items.map((item) => item.variant.id)).size === items.length, "duplicate variant"),
  ),
});

export type CartItem = v.InferOutput<typeof CartItemSchema>;

/** The cart: its lines in the order they were added. */
export interface CartState {
  items: readonly CartItem[];
}

/** An empty cart. */
export const EMPTY_CART: CartState = Object.freeze({ items: Object.freeze([]) as readonly CartItem[] });

/** Stock a line may reach: the inventory for managed variants, else `UNMANAGED_STOCK`. */
export function readAvailableStock(variant: CartItem["variant"]): number {
  return variant.manage_inventory ? Math.max(0, variant.inventory_quantity) : UNMANAGED_STOCK;
}

/** Result of `addItem`: the new cart, or the reason it is unchanged. */
export type AddResult = { ok: true; cart: CartState } | { ok: false; cart: CartState; message: string };

/**
 * Adds `quantity` of a variant.
 *
 * @returns `ok: false` with rule 4.3's message ('Not enough stock for {product
 *   title} ({variant title}). Only {n} left.', n being the stock) when a managed
 *   variant would exceed its stock, or when `quantity` is not a whole number ≥ 1.
 */
export function addItem(
  cart: CartState,
  line: { product: CartItem["product"]; variant: CartItem["variant"]; quantity: number },
): AddResult {
  if (!Number.isInteger(line.quantity) || line.quantity < 1) {
    return { ok: false, cart, message: "Choose a quantity of at least 1." };
  }
  const existing = cart.items.find((item) => item.variant.id === line.variant.id);
  const inCart = existing?.quantity ?? 0;
  const stock = readAvailableStock(line.variant);
  if (line.variant.manage_inventory && inCart + line.quantity > stock) {
    return {
      ok: false,
      cart,
      message: `Not enough stock for ${line.product.title} (${line.variant.title}). Only ${stock} left.`,
    };
  }
  const items = existing
    ? cart.items.map((item) =>
        item.variant.id === line.variant.id ? { ...item, quantity: item.quantity + line.quantity } : item,
      )
    : [...cart.items, { product: line.product, variant: line.variant, quantity: line.quantity }];
  return { ok: true, cart: { items } };
}

/** Removes the line of this variant (no change if absent). */
export function removeItem(cart: CartState, variantId: string): CartState {
  return { items: cart.items.filter((item) => item.variant.id !== variantId) };
}

/**
 * Sets a line's quantity. Values below 1 or not whole numbers are ignored;
 * managed variants are capped at their stock (rule 4.4).
 */
export function updateQuantity(cart: CartState, variantId: string, quantity: number): CartState {
  if (!Number.isInteger(quantity) || quantity < 1) return cart;
  return {
    items: cart.items.map((item) => {
      if (item.variant.id !== variantId) return item;
      const capped = item.variant.manage_inventory ? Math.min(quantity, readAvailableStock(item.variant)) : quantity;
      return { ...item, quantity: Math.max(1, capped) };
    }),
  };
}

/** The empty cart. */
export function clearCart(): CartState {
  return EMPTY_CART;
}

/** Sum of quantities: the number on the header badge. */
export function countItems(cart: CartState): number {
  return cart.items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Sum of unit price (sale price when present) × quantity, in cents (rule 4.2). */
export function totalCents(cart: CartState): number {
  return cart.items.reduce((sum, item) => sum + readUnitPrice(item.variant) * item.quantity, 0);
}

/** Result of reading saved data: the cart and, when the data was unusable, why. */
export interface SavedCartReading {
  cart: CartState;
  problem?: string;
}

/**
 * Reads the text saved under `vpf-cart`. Never throws: missing data is an
 * empty cart; text that is not JSON or not of `CartStorageSchema` gives an
 * empty cart and a `problem`.
 */
export function parseSavedCart(raw: string | null): SavedCartReading {
  if (raw === null) return { cart: EMPTY_CART };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { cart: EMPTY_CART, problem: "saved cart is not JSON" };
  }
  const result = v.safeParse(CartStorageSchema, json);
  if (!result.success) {
    return { cart: EMPTY_CART, problem: `saved cart has the wrong shape: ${result.issues[0]?.message ?? "unknown"}` };
  }
  return { cart: { items: result.output.items } };
}

/** The text to save for a cart. */
export function serializeCart(cart: CartState): string {
  return JSON.stringify({ version: CART_STORAGE_VERSION, items: cart.items });
}
