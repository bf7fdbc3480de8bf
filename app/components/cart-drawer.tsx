/** The cart drawer (rules 4.1-4.7, 4.11, 5.4) on Radix Dialog; loaded lazily when the cart first opens. */
import * as Dialog from "@radix-ui/react-dialog";
import { clsx } from "clsx";
import { ShoppingBag, X } from "lucide-react";
import type { RefObject } from "react";
import { Link } from "react-router";
import { type CartItem, type CartState, countItems, formatLineName, totalCents } from "../../core/cart";
import { formatCartTotal } from "../../core/prices";
import { useCart } from "../lib/cart-store";
import type { StockRefusal } from "../lib/checkout";
import { useCheckout } from "../lib/use-checkout";
import { CartLine } from "./cart-line";
import { Button, buttonClassName } from "./ui/button";

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
  const { checkingOut, refusal, checkout } = useCheckout(cart);
  const count = countItems(cart);
  const refusedLine = refusal ? findRefusedLine(cart.items, refusal) : undefined;

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
                <Link to="/store" className={buttonClassName({ size: "md" })}>
                  Browse the Store
                </Link>
              </Dialog.Close>
            </div>
          ) : (
            <ul className="flex-1 divide-y divide-slate-200 overflow-y-auto px-5 dark:divide-slate-800">
              {cart.items.map((item) => (
                <CartLine
                  key={item.variant.id}
                  item={item}
                  refusal={refusal && refusedLine === item ? refusal.message : null}
                />
              ))}
            </ul>
          )}

          <CartSummary
            cart={cart}
            refusal={refusal && refusedLine === undefined ? refusal.message : null}
            checkingOut={checkingOut}
            onCheckout={() => void checkout()}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The drawer's foot (rule 4.11): a stock refusal that no line shows, the subtotal, Checkout ('Redirecting to
 * checkout...' while it runs) and Continue Shopping, which closes the drawer.
 */
function CartSummary({
  cart,
  refusal,
  checkingOut,
  onCheckout,
}: {
  cart: CartState;
  refusal: string | null;
  checkingOut: boolean;
  onCheckout: () => void;
}) {
  return (
    <div className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
      {refusal !== null && (
        <p role="alert" className="mb-3 text-sm font-medium text-red-700 dark:text-red-400">
          {refusal}
        </p>
      )}
      <p className="flex items-center justify-between text-lg font-bold">
        <span>Subtotal</span>
        <span data-testid="cart-total">{formatCartTotal(totalCents(cart))}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Shipping and taxes calculated at checkout.</p>
      <Button size="lg" disabledLook="working" onClick={onCheckout} disabled={checkingOut} className="mt-4 w-full">
        {checkingOut ? "Redirecting to checkout..." : "Checkout"}
      </Button>
      <Dialog.Close className={clsx(buttonClassName({ variant: "link", size: "lg" }), "mt-2 w-full")}>
        Continue Shopping
      </Dialog.Close>
    </div>
  );
}

/** The line a stock refusal is about: the variant named, else the line whose name the message starts with. */
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
