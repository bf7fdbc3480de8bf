/** The cart's rules (rules 4.2 to 4.6): pure functions over `CartState`, and the shape saved in localStorage. */
import * as v from "valibot";
import { type Product, type Variant, findVariant as findCatalogueVariant } from "../content/products";
import { readUnitPrice } from "./prices";

/** Stock used for variants whose inventory is not managed (rule 4.5). */
export const UNMANAGED_STOCK = 999_999;

export const CART_STORAGE_VERSION = 1;

const cents = v.pipe(v.number(), v.integer(), v.minValue(0));

export const CartItemSchema = v.object({
  product: v.object({ id: v.string(), title: v.string(), image: v.nullable(v.string()) }),
  variant: v.object({
    id: v.pipe(v.string(), v.nonEmpty()),
    title: v.string(),
    manage_inventory: v.boolean(),
    inventory_quantity: v.pipe(v.number(), v.integer()),
    price_in_cents: cents,
    sale_price_in_cents: v.nullable(cents),
    currency: v.object({ code: v.string(), symbol: v.optional(v.string()), template: v.optional(v.string()) }),
  }),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

/** What is saved under `vpf-cart` (rule 4.6). */
export const CartStorageSchema = v.object({
  version: v.literal(CART_STORAGE_VERSION),
  items: v.pipe(
    v.array(CartItemSchema),
    v.check((items) => new Set(items.map((item) => item.variant.id)).size === items.length, "duplicate variant"),
  ),
});

export type CartItem = v.InferOutput<typeof CartItemSchema>;

export interface CartState {
  items: readonly CartItem[];
}

export const EMPTY_CART: CartState = Object.freeze({ items: Object.freeze([]) as readonly CartItem[] });

/** Stock a line may reach: the inventory for managed variants, else `UNMANAGED_STOCK`. */
export function readAvailableStock(variant: CartItem["variant"]): number {
  return variant.manage_inventory ? Math.max(0, variant.inventory_quantity) : UNMANAGED_STOCK;
}

export interface CartAllowance {
  stock: number;
  inCart: number;
  remaining: number;
}

/** How many of a variant the cart holds and how many more `addItem` accepts (rule 4.12). */
export function readCartAllowance(cart: CartState, variant: CartItem["variant"]): CartAllowance {
  const stock = readAvailableStock(variant);
  const inCart = cart.items.find((item) => item.variant.id === variant.id)?.quantity ?? 0;
  return { stock, inCart, remaining: Math.max(0, stock - inCart) };
}

/** The product page's stock line for managed inventory (rules 4.8, 4.12). */
export function formatStockLine(allowance: Pick<CartAllowance, "stock" | "inCart">): string {
  const { stock, inCart } = allowance;
  return inCart > 0 ? `${stock} in stock · ${inCart} in your cart` : `${stock} in stock`;
}

/** Why Add to Cart is disabled (rule 4.12); `null` while some remain or at a stock of 0 (rule 4.8's notice). */
export function describeCartLimit(allowance: CartAllowance, manageInventory: boolean): string | null {
  if (allowance.remaining > 0 || allowance.stock === 0) return null;
  if (!manageInventory) return "Your cart holds the most one order can take.";
  return allowance.stock === 1 ? "The one left is in your cart." : `All ${allowance.stock} are in your cart.`;
}

/** The 'Quantity Limit Reached' description (rules 4.4, 4.12). */
export function describeQuantityLimit(allowance: CartAllowance): string {
  return allowance.inCart === 0
    ? `Only ${allowance.stock} are available in stock.`
    : `Only ${allowance.remaining} more can be added; your cart already holds ${allowance.inCart}.`;
}

export interface ProductOffer {
  notice: "unavailable" | "out-of-stock" | null;
  canAdd: boolean;
  canDecrease: boolean;
  canIncrease: boolean;
  maxQuantity: number;
  cartLimit: string | null;
}

/** What the product page offers of a variant at `quantity` (rules 4.4, 4.8, 4.12); only a managed stock reads 0. */
export function readProductOffer(
  purchasable: boolean,
  variant: CartItem["variant"],
  allowance: CartAllowance,
  quantity: number,
): ProductOffer {
  const outOfStock = allowance.stock === 0;
  const canAdd = purchasable && !outOfStock && allowance.remaining > 0;
  return {
    notice: !purchasable ? "unavailable" : outOfStock ? "out-of-stock" : null,
    canAdd,
    canDecrease: canAdd && quantity > 1,
    canIncrease: canAdd && (!variant.manage_inventory || quantity < allowance.remaining),
    maxQuantity: variant.manage_inventory ? Math.max(1, allowance.remaining) : UNMANAGED_STOCK,
    cartLimit: purchasable ? describeCartLimit(allowance, variant.manage_inventory) : null,
  };
}

/** The product page's quantity (rules 4.4, 4.12); `limited` means the stock cut it and the toast is due. */
export function clampQuantity(
  requested: number,
  variant: CartItem["variant"],
  allowance: CartAllowance,
): { quantity: number; limited: boolean } {
  const whole = Number.isFinite(requested) ? Math.max(1, Math.trunc(requested)) : 1;
  if (variant.manage_inventory && whole > allowance.remaining) {
    return { quantity: Math.max(1, allowance.remaining), limited: true };
  }
  return { quantity: whole, limited: false };
}

export type AddResult = { ok: true; cart: CartState } | { ok: false; cart: CartState; message: string };

/** Adds a line; `ok: false` past a managed stock (rule 4.3's message) or for a quantity not a whole number ≥ 1. */
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
      message: buildOverStockMessage(line.variant.id, line.product.title, line.variant.title, stock),
    };
  }
  const items = existing
    ? cart.items.map((item) =>
        item.variant.id === line.variant.id ? { ...item, quantity: item.quantity + line.quantity } : item,
      )
    : [...cart.items, { product: line.product, variant: line.variant, quantity: line.quantity }];
  return { ok: true, cart: { items } };
}

export function removeItem(cart: CartState, variantId: string): CartState {
  return { items: cart.items.filter((item) => item.variant.id !== variantId) };
}

/** Sets a line's quantity (rule 4.4), capped at a managed stock; values below 1 or not whole are ignored. */
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

export function clearCart(): CartState {
  return EMPTY_CART;
}

/** The number on the header badge. */
export function countItems(cart: CartState): number {
  return cart.items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Sum of unit price (sale price when present) × quantity, in cents (rule 4.2). */
export function totalCents(cart: CartState): number {
  return cart.items.reduce((sum, item) => sum + readUnitPrice(item.variant) * item.quantity, 0);
}

/** Reads the text saved under `vpf-cart`; never throws (unusable text gives an empty cart and a `problem`). */
export function parseSavedCart(raw: string | null): { cart: CartState; problem?: string } {
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

export function serializeCart(cart: CartState): string {
  return JSON.stringify({ version: CART_STORAGE_VERSION, items: cart.items });
}

/**
 * The variant title to show; `null` for a product with only its default variant (rule 4.7); unknown ids keep it.
 * `lookup` finds the variant's product (the bundled catalogue unless given).
 */
export function readShownVariantTitle(
  variantId: string,
  variantTitle: string,
  lookup: VariantLookup = findCatalogueVariant,
): string | null {
  const product = lookup(variantId)?.product;
  return product && product.variants.length === 1 && product.options.length === 0 ? null : variantTitle;
}

/** A line's name as visitors read it: "Field Jacket (M)" for a product with a choice, "Pocket Notebook" without. */
export function formatLineName(
  variantId: string,
  productTitle: string,
  variantTitle: string,
  lookup: VariantLookup = findCatalogueVariant,
): string {
  const shown = readShownVariantTitle(variantId, variantTitle, lookup);
  return shown === null ? productTitle : `${productTitle} (${shown})`;
}

/** The over-stock message (rule 4.3). */
export function buildOverStockMessage(
  variantId: string,
  productTitle: string,
  variantTitle: string,
  stock: number,
  lookup: VariantLookup = findCatalogueVariant,
): string {
  return `Not enough stock for ${formatLineName(variantId, productTitle, variantTitle, lookup)}. Only ${stock} left.`;
}

/** A cart line with the catalogue's current fields. */
export function buildCartLine(product: Product, variant: Variant, quantity: number): CartItem {
  return {
    product: { id: product.id, title: product.title, image: variant.image_url ?? product.image },
    variant: {
      id: variant.id,
      title: variant.title,
      manage_inventory: variant.manage_inventory,
      inventory_quantity: variant.inventory_quantity,
      price_in_cents: variant.price_in_cents,
      sale_price_in_cents: variant.sale_price_in_cents,
      currency: variant.currency,
    },
    quantity,
  };
}

export type CartChange =
  | { kind: "removed"; name: string; reason: "unknown" | "unavailable" | "out-of-stock" }
  | { kind: "capped"; name: string; from: number; to: number };

export type VariantLookup = (variantId: string) => { product: Product; variant: Variant } | undefined;

/** Rebuilds saved lines from the catalogue (rule 4.7), listing drops and caps; `cart` itself if no line differs. */
export function joinCartWithCatalogue(
  cart: CartState,
  lookup: VariantLookup = findCatalogueVariant,
): { cart: CartState; changes: CartChange[] } {
  const changes: CartChange[] = [];
  const items: CartItem[] = [];
  for (const saved of cart.items) {
    const found = lookup(saved.variant.id);
    if (!found) {
      const name = `${saved.product.title}${saved.variant.title ? ` (${saved.variant.title})` : ""}`;
      changes.push({ kind: "removed", name, reason: "unknown" });
      continue;
    }
    const { product, variant } = found;
    const name = formatLineName(variant.id, product.title, variant.title, lookup);
    const stock = readAvailableStock(variant);
    if (!product.purchasable || stock <= 0) {
      changes.push({ kind: "removed", name, reason: product.purchasable ? "out-of-stock" : "unavailable" });
      continue;
    }
    if (saved.quantity > stock) changes.push({ kind: "capped", name, from: saved.quantity, to: stock });
    items.push(buildCartLine(product, variant, Math.min(saved.quantity, stock)));
  }
  const same =
    items.length === cart.items.length &&
    items.every((line, index) => JSON.stringify(line) === JSON.stringify(cart.items[index]));
  return { cart: same ? cart : { items }, changes };
}

const REMOVAL_REASONS = {
  unknown: "is no longer in the store",
  unavailable: "is not available for purchase",
  "out-of-stock": "is out of stock",
} as const;

/** One sentence per change, for the 'Cart Updated' toast. */
export function describeCartChanges(changes: readonly CartChange[]): string {
  return changes
    .map((change) =>
      change.kind === "capped"
        ? `${change.name}: only ${change.to} in stock, so your cart now holds ${change.to}.`
        : `${change.name} ${REMOVAL_REASONS[change.reason]} and was removed from your cart.`,
    )
    .join(" ");
}
