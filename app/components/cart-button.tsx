/**
 * The header's cart button (rules 2.6, 4.2): shows the total quantity in a badge
 * when above 0 and opens the cart drawer. The badge's code loads once the
 * page is idle, and only in a browser that has a cart (`useHasCart`); the
 * drawer's on first intent (hover, focus or click). So a first visit loads
 * neither, nor the cart's rules and the catalogue behind them. The cart lives in the
 * browser, so without JavaScript the button is not shown (rule 6.5). Anything
 * else opens the drawer with `requestCartDrawer()`; opening it closes the toast
 * on screen, so no toast covers the drawer (rule 7.2).
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
      {opened && (
        <Suspense fallback={null}>
          <CartDrawer open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
