/**
 * `useCancelledCheckout()`: a visitor who comes back from checkout without
 * paying gets the cart back as it was before checkout emptied it, with the
 * toast 'Checkout cancelled': 'Your cart is as you left it.'
 * (docs/product-rules.md rule 5.9). That holds for checkout's Cancel
 * (`?checkout=cancelled`, which also leaves the address bar) and for the
 * browser's Back, whether the page is loaded anew or shown again from the
 * back-forward cache. The cart's code loads only when this tab has lines kept
 * aside for checkout.
 */
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { CHECKOUT_CANCELLED_PARAM, CHECKOUT_CANCELLED_VALUE, LAST_ORDER_STORAGE_KEY } from "../../core/cart-storage";

/** Path of the order-success page, which discards the kept lines instead (rule 5.8). */
const SUCCESS_PATH = "/success";

function hasKeptCheckoutLines(): boolean {
  try {
    return window.sessionStorage.getItem(LAST_ORDER_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function restoreKeptCheckoutLines(): void {
  if (window.location.pathname === SUCCESS_PATH || !hasKeptCheckoutLines()) return;
  void import("./restore-cancelled-checkout").then(({ restoreCancelledCheckout }) => restoreCancelledCheckout());
}

/** Runs in the shell, for every page. */
export function useCancelledCheckout(): void {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    restoreKeptCheckoutLines();
    // A page shown again from the back-forward cache runs no effect: its cart was emptied just before it left.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) restoreKeptCheckoutLines();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get(CHECKOUT_CANCELLED_PARAM) !== CHECKOUT_CANCELLED_VALUE) return;
    params.delete(CHECKOUT_CANCELLED_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [location.pathname, location.search, location.hash, navigate]);
}
