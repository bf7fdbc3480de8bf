/**
 * The header's cart button (spec §2, §4): shows the total quantity in a badge
 * when above 0 and opens the cart drawer. The drawer's code loads on first
 * intent (hover, focus or click), so pages without a cart visit never load it.
 */
import { ShoppingCart } from "lucide-react";
import { Suspense, lazy, useRef, useState } from "react";
import { countItems } from "../lib/cart";
import { useCart } from "../lib/cart-store";

const loadDrawer = () => import("./cart-drawer");
const CartDrawer = lazy(loadDrawer);

/** The button and, once opened, the drawer. */
export function CartButton() {
  const cart = useCart();
  const count = countItems(cart);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const label = count === 0 ? "Shopping cart" : `Shopping cart, ${count} ${count === 1 ? "item" : "items"}`;

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        data-testid="cart-button"
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        {count > 0 && (
          <span
            data-testid="cart-badge"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-bold text-white dark:bg-brand-400 dark:text-slate-950"
          >
            {count}
          </span>
        )}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <CartDrawer open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
