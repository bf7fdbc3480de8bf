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
import { type Product, type Variant, findVariant as findCatalogueVariant } from "../content/products";
import { readUnitPrice } from "./prices";

/** Stock used for variants whose inventory is not managed (rule 4.5). */
export const UNMANAGED_STOCK = 999_999;

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

/** What a product page may still add of one variant, net of the cart (rule 4.12). */
export interface CartAllowance {
  /** The variant's stock (`readAvailableStock`). */
  stock: number;
  /** The quantity of this variant already in the cart. */
  inCart: number;
  /** How many more may be added: `stock - inCart`, never below 0. */
  remaining: number;
}

/**
 * Stock net of the cart (rule 4.12): how many of a variant the cart holds and
 * how many more may be added before `addItem` refuses.
 *
 * @example a cart holding 2 of the 30 size-S shirts gives { stock: 30, inCart: 2, remaining: 28 }
 */
export function readCartAllowance(cart: CartState, variant: CartItem["variant"]): CartAllowance {
  const stock = readAvailableStock(variant);
  const inCart = cart.items.find((item) => item.variant.id === variant.id)?.quantity ?? 0;
  return { stock, inCart, remaining: Math.max(0, stock - inCart) };
}

/**
 * The product page's stock line for managed inventory (rules 4.8, 4.12):
 * '{n} in stock', then ' · {c} in your cart' once the cart holds some.
 */
export function formatStockLine(allowance: Pick<CartAllowance, "stock" | "inCart">): string {
  return allowance.inCart > 0
    ? `${allowance.stock} in stock · ${allowance.inCart} in your cart`
    : `${allowance.stock} in stock`;
}

/**
 * Why Add to Cart is disabled when nothing remains (rule 4.12): 'All {n} are
 * in your cart.' for managed inventory ('The one left is in your cart.' for a
 * stock of 1), else the line limit of rule 4.5. `null` while some remain or
 * when the stock itself is 0 (the 'Out of Stock' notice of rule 4.8 says why).
 */
export function describeCartLimit(allowance: CartAllowance, manageInventory: boolean): string | null {
  if (allowance.remaining > 0 || allowance.stock === 0) return null;
  if (!manageInventory) return "Your cart holds the most one order can take.";
  return allowance.stock === 1 ? "The one left is in your cart." : `All ${allowance.stock} are in your cart.`;
}

/**
 * The 'Quantity Limit Reached' description (rules 4.4, 4.12): 'Only {n} are
 * available in stock.' while the cart holds none of the variant, else
 * 'Only {r} more can be added; your cart already holds {c}.'
 */
export function describeQuantityLimit(allowance: CartAllowance): string {
  return allowance.inCart === 0
    ? `Only ${allowance.stock} are available in stock.`
    : `Only ${allowance.remaining} more can be added; your cart already holds ${allowance.inCart}.`;
}

/** What the product page offers of one variant, net of the cart (rules 4.4, 4.8, 4.12). */
export interface ProductOffer {
  /** Why nothing can be added: `unavailable` (not purchasable), `out-of-stock` (managed stock of 0), else `null`. */
  notice: "unavailable" | "out-of-stock" | null;
  /** Whether the quantity and Add to Cart work. */
  canAdd: boolean;
  /** Whether − works: above a quantity of 1. */
  canDecrease: boolean;
  /** Whether + works: below what is left of a managed stock. */
  canIncrease: boolean;
  /** The quantity box's largest value: what is left of a managed stock (at least 1), else `UNMANAGED_STOCK`. */
  maxQuantity: number;
  /** The line under Add to Cart (`describeCartLimit`); `null` for a product that is not for sale. */
  cartLimit: string | null;
}

/**
 * The product page's state for a variant at `quantity`, given its allowance
 * (`readCartAllowance`). Only a managed stock can read 0, so 0 is out of stock.
 *
 * @example 30 in stock, 30 in the cart: { notice: null, canAdd: false, cartLimit: "All 30 are in your cart.", … }
 */
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

/**
 * The product page's quantity rule (rules 4.4, 4.12): a whole number, at least
 * 1 (1 for anything that is not a number), and for a managed stock at most what
 * the cart leaves, but never below 1. `limited` says the stock cut it: the
 * 'Quantity Limit Reached' toast is due.
 */
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

/**
 * Whether a product's only variant is its default one: a single variant and
 * no options to choose from (the planner, the ebook). Such a variant's title
 * ("Default", "Digital download") is never shown (rule 4.7).
 */
export function hasOnlyDefaultVariant(product: Pick<Product, "variants" | "options">): boolean {
  return product.variants.length === 1 && product.options.length === 0;
}

/**
 * The variant title to show beside a product title, or `null` when the
 * product has only its default variant (looked up in the catalogue by id;
 * an id the catalogue does not know keeps `variantTitle`).
 *
 * @example readShownVariantTitle("vpf-tee-m", "M") // "M"
 * @example readShownVariantTitle("freedom-planner-default", "Default") // null
 */
export function readShownVariantTitle(variantId: string, variantTitle: string): string | null {
  const found = findCatalogueVariant(variantId);
  if (found && hasOnlyDefaultVariant(found.product)) return null;
  return variantTitle;
}

/**
 * A line's name as visitors read it, in messages and accessible names:
 * "VPF Classic T-Shirt (M)", or "Freedom Planner" for a default-only product.
 */
export function formatLineName(variantId: string, productTitle: string, variantTitle: string): string {
  const shown = readShownVariantTitle(variantId, variantTitle);
  return shown === null ? productTitle : `${productTitle} (${shown})`;
}

/**
 * The over-stock message (rule 4.3): 'Not enough stock for {product title}
 * ({variant title}). Only {n} left.', without the parenthesis for a
 * default-only product.
 */
export function buildOverStockMessage(
  variantId: string,
  productTitle: string,
  variantTitle: string,
  stock: number,
): string {
  return `Not enough stock for ${formatLineName(variantId, productTitle, variantTitle)}. Only ${stock} left.`;
}

/** A cart line built from the catalogue: its product's and variant's current fields. */
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

/** What joining a saved cart with the catalogue changed, for the visitor to be told. */
export type CartChange =
  | { kind: "removed"; name: string; reason: "unknown" | "unavailable" | "out-of-stock" }
  | { kind: "capped"; name: string; from: number; to: number };

/** The catalogue lookup the join uses (the bundled catalogue unless a test gives another). */
export type VariantLookup = (variantId: string) => { product: Product; variant: Variant } | undefined;

/**
 * Joins saved lines with the catalogue (rule 4.7): titles, images, prices and
 * stock always come from the catalogue, whatever was saved (a tampered
 * `price_in_cents: 1` shows the real price). A line whose variant no longer
 * exists, whose product cannot be bought or whose managed stock is 0 is
 * dropped; a quantity above the stock a line may reach (`readAvailableStock`,
 * 999999 for unmanaged inventory) is capped, so a saved `1e308` never reaches
 * the badge or the total. Each drop or cap is reported in `changes`.
 *
 * @returns the joined cart (the same object when nothing changed) and the changes.
 */
export function joinCartWithCatalogue(
  cart: CartState,
  lookup: VariantLookup = findCatalogueVariant,
): { cart: CartState; changes: CartChange[] } {
  const changes: CartChange[] = [];
  const items: CartItem[] = [];
  let differs = false;
  for (const saved of cart.items) {
    const savedName = `${saved.product.title}${saved.variant.title ? ` (${saved.variant.title})` : ""}`;
    const found = lookup(saved.variant.id);
    if (!found) {
      changes.push({ kind: "removed", name: savedName, reason: "unknown" });
      differs = true;
      continue;
    }
    const { product, variant } = found;
    const name = formatLineName(variant.id, product.title, variant.title);
    if (!product.purchasable) {
      changes.push({ kind: "removed", name, reason: "unavailable" });
      differs = true;
      continue;
    }
    const stock = readAvailableStock(variant);
    if (stock <= 0) {
      changes.push({ kind: "removed", name, reason: "out-of-stock" });
      differs = true;
      continue;
    }
    let quantity = saved.quantity;
    if (quantity > stock) {
      changes.push({ kind: "capped", name, from: quantity, to: stock });
      quantity = stock;
    }
    const line = buildCartLine(product, variant, quantity);
    if (!differs && !isSameLine(saved, line)) differs = true;
    items.push(line);
  }
  return { cart: differs ? { items } : cart, changes };
}

function isSameLine(a: CartItem, b: CartItem): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * One sentence per change, for the 'Cart Updated' toast.
 *
 * @example describeCartChanges([{ kind: "capped", name: "Freedom Planner", from: 80, to: 50 }])
 * // "Freedom Planner: only 50 in stock, so your cart now holds 50."
 */
export function describeCartChanges(changes: readonly CartChange[]): string {
  return changes
    .map((change) => {
      if (change.kind === "capped") {
        return `${change.name}: only ${change.to} in stock, so your cart now holds ${change.to}.`;
      }
      const why =
        change.reason === "out-of-stock"
          ? "is out of stock"
          : change.reason === "unavailable"
            ? "is not available for purchase"
            : "is no longer in the store";
      return `${change.name} ${why} and was removed from your cart.`;
    })
    .join(" ");
}
