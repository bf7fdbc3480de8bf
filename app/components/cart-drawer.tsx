/**
 * The cart drawer 'Shopping Cart' (docs/product-rules.md rules 4.11, 4.1-4.7, 5.4):
 * slides in from the right, at most the medium width. Built on Radix Dialog,
 * so focus is trapped inside, Escape, the backdrop and the close button close
 * it, and focus returns to the cart button.
 *
 * Each line: image, title, the variant (never for a product whose only variant
 * is the default one), the unit price (with the regular price struck through
 * and the saving on a sale), quantity controls, Remove and the line price.
 * Then the total, 'Shipping and taxes calculated at checkout.', Checkout and
 * Continue Shopping. When checkout is refused for stock, the worker's message
 * is shown beside the line it names. Loaded lazily: no page pays for it until
 * the cart is opened.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { Minus, Plus, ShoppingBag, X } from "lucide-react";
import { type RefObject, useState } from "react";
import { Link } from "react-router";
import { PRODUCT_PLACEHOLDER_IMAGE } from "../../content/products";
import {
  type CartItem,
  countItems,
  formatLineName,
  readAvailableStock,
  readShownVariantTitle,
  totalCents,
} from "../../core/cart";
import { changeQuantity, removeFromCart, useCart } from "../lib/cart-store";
import { type StockRefusal, startCheckout } from "../lib/checkout";
import { formatCartTotal, formatPrice, readUnitPrice } from "../../core/prices";

/** The drawer; `returnFocusRef` is the cart button that opened it. */
export default function CartDrawer({
  open,
  onOpenChange,
  returnFocusRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}) {
  const cart = useCart();
  const [checkingOut, setCheckingOut] = useState(false);
  const [refusal, setRefusal] = useState<StockRefusal | null>(null);
  const count = countItems(cart);
  const refusedLine = refusal ? findRefusedLine(cart.items, refusal) : undefined;

  async function checkout() {
    setCheckingOut(true);
    setRefusal(null);
    const outcome = await startCheckout(cart);
    if (!outcome.leaving) {
      setCheckingOut(false);
      setRefusal(outcome.stock ?? null);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusRef.current?.focus();
          }}
          className="drawer-content fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl dark:bg-slate-900"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4 dark:border-slate-800">
            <Dialog.Title className="text-lg font-bold">Shopping Cart</Dialog.Title>
            <Dialog.Close
              aria-label="Close cart"
              className="inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            {count === 0 ? "No items in your cart yet." : `${count} ${count === 1 ? "item" : "items"} in your cart.`}
          </Dialog.Description>

          {cart.items.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
              <ShoppingBag aria-hidden="true" className="size-10 text-slate-400" />
              <p className="font-semibold">Your cart is empty</p>
              <Dialog.Close asChild>
                <Link
                  to="/store"
                  className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white dark:bg-brand-400 dark:text-slate-950"
                >
                  Browse the Store
                </Link>
              </Dialog.Close>
            </div>
          ) : (
            <ul className="flex-1 divide-y divide-slate-200 overflow-y-auto px-5 dark:divide-slate-800">
              {cart.items.map((item) => {
                const unit = readUnitPrice(item.variant);
                const stock = readAvailableStock(item.variant);
                const atStock = item.quantity >= stock;
                const label = formatLineName(item.variant.id, item.product.title, item.variant.title);
                const variantTitle = readShownVariantTitle(item.variant.id, item.variant.title);
                const onSale = item.variant.sale_price_in_cents !== null;
                const saving = (item.variant.price_in_cents - unit) * item.quantity;
                return (
                  <li key={item.variant.id} className="flex gap-4 py-4" data-testid="cart-line">
                    <img
                      src={item.product.image ?? PRODUCT_PLACEHOLDER_IMAGE}
                      alt=""
                      width={80}
                      height={80}
                      className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover"
                    />
                    <div className="flex flex-1 flex-col gap-1">
                      <p className="font-semibold">{item.product.title}</p>
                      {variantTitle !== null && (
                        <p className="text-sm text-slate-600 dark:text-slate-400">{variantTitle}</p>
                      )}
                      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="cart-unit-price">
                        {onSale ? (
                          <>
                            <span className="sr-only">Sale price </span>
                            <span className="font-semibold text-red-700 dark:text-red-400">
                              {formatPrice(unit, item.variant.currency)}
                            </span>{" "}
                            <span className="sr-only">instead of </span>
                            <del>{formatPrice(item.variant.price_in_cents, item.variant.currency)}</del> each
                          </>
                        ) : (
                          <>{formatPrice(unit, item.variant.currency)} each</>
                        )}
                      </p>
                      <div className="mt-auto flex items-center justify-between gap-2">
                        <div className="flex items-center rounded-full border border-slate-300 dark:border-slate-700">
                          <button
                            type="button"
                            aria-label={`Decrease quantity of ${label}`}
                            disabled={item.quantity <= 1}
                            onClick={() => changeQuantity(item.variant.id, item.quantity - 1)}
                            className="inline-flex size-9 items-center justify-center rounded-full disabled:opacity-40"
                          >
                            <Minus aria-hidden="true" className="size-4" />
                          </button>
                          <output aria-label={`Quantity of ${label}`} className="w-8 text-center text-sm font-semibold">
                            {item.quantity}
                          </output>
                          <button
                            type="button"
                            aria-label={`Increase quantity of ${label}`}
                            disabled={atStock}
                            onClick={() => changeQuantity(item.variant.id, item.quantity + 1)}
                            className="inline-flex size-9 items-center justify-center rounded-full disabled:opacity-40"
                          >
                            <Plus aria-hidden="true" className="size-4" />
                          </button>
                        </div>
                        <p className="font-semibold">{formatPrice(unit * item.quantity, item.variant.currency)}</p>
                      </div>
                      {onSale && saving > 0 && (
                        <p className="text-sm font-medium text-brand-800 dark:text-brand-300" data-testid="cart-saving">
                          You save {formatPrice(saving, item.variant.currency)}
                        </p>
                      )}
                      {refusal && refusedLine === item && (
                        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
                          {refusal.message}
                        </p>
                      )}
                      <button
                        type="button"
                        onClick={() => removeFromCart(item.variant.id)}
                        aria-label={`Remove ${label}`}
                        className="self-start text-sm font-medium text-red-700 underline-offset-4 hover:underline dark:text-red-400"
                      >
                        Remove
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}

          <div className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
            {refusal && refusedLine === undefined && (
              <p role="alert" className="mb-3 text-sm font-medium text-red-700 dark:text-red-400">
                {refusal.message}
              </p>
            )}
            <p className="flex items-center justify-between text-lg font-bold">
              <span>Total</span>
              <span data-testid="cart-total">{formatCartTotal(totalCents(cart))}</span>
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Shipping and taxes calculated at checkout.
            </p>
            <button
              type="button"
              onClick={() => void checkout()}
              disabled={checkingOut}
              className="mt-4 w-full rounded-full bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 dark:bg-brand-400 dark:text-slate-950 dark:hover:bg-brand-300"
            >
              {checkingOut ? "Redirecting to checkout..." : "Checkout"}
            </button>
            <Dialog.Close className="mt-2 w-full rounded-full px-5 py-3 font-semibold text-brand-800 underline-offset-4 hover:underline dark:text-brand-300">
              Continue Shopping
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The line a stock refusal is about: the variant the worker named, else the
 * line whose name the message starts with (with or without its variant title).
 */
function findRefusedLine(items: readonly CartItem[], refusal: StockRefusal): CartItem | undefined {
  if (refusal.variantId) return items.find((item) => item.variant.id === refusal.variantId);
  return items.find((item) => {
    const names = [
      formatLineName(item.variant.id, item.product.title, item.variant.title),
      `${item.product.title} (${item.variant.title})`,
    ];
    return names.some((name) => refusal.message.startsWith(`Not enough stock for ${name}.`));
  });
}
