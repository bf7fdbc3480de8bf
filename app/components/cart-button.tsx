/**
 * The header's cart button (rules 2.6, 4.2, 6.5, 7.2). The badge loads only when idle in a browser with
 * a cart and the drawer on first intent, so a first visit loads neither, nor the catalogue behind them.
 */
import { ShoppingCart } from "lucide-react";
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { OPEN_CART_EVENT } from "../lib/cart-drawer-request";
import { dismissCurrentToast } from "../lib/toast";
import { useIdle } from "../lib/use-idle";
import { useHasCart } from "../lib/use-has-cart";

const loadDrawer = () => import("./cart-drawer");
const CartDrawer = lazy(loadDrawer);
const CartBadge = lazy(() => import("./cart-badge"));

/** The button and, once opened, the drawer. */
export function CartButton() {
  const idle = useIdle();
  const hasCart = useHasCart();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  function openDrawer() {
    dismissCurrentToast();
    setOpened(true);
    setOpen(true);
  }

  useEffect(() => {
    window.addEventListener(OPEN_CART_EVENT, openDrawer);
    return () => window.removeEventListener(OPEN_CART_EVENT, openDrawer);
  }, []);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        data-testid="cart-button"
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={openDrawer}
        className="needs-js relative inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        {idle && hasCart ? (
          <Suspense fallback={<span className="sr-only">Shopping cart</span>}>
            <CartBadge />
          </Suspense>
        ) : (
          <span className="sr-only">Shopping cart</span>
        )}
      </button>
      {/* Without scripts the cart is a page of its own (rule 4.13). */}
      <a
        href="/cart"
        className="no-js-only hidden rounded-full p-2.5 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <ShoppingCart aria-hidden="true" className="inline size-5" />
        <span className="sr-only">Shopping cart</span>
      </a>
      {opened && (
        <Suspense fallback={null}>
          <CartDrawer open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
