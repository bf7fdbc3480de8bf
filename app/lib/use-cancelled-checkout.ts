/**
 * Restores the cart after leaving checkout unpaid (rule 5.9), in whichever tab of the site comes first; the cart's
 * code loads only when lines were kept.
 */
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { CHECKOUT_CANCELLED_PARAM, CHECKOUT_CANCELLED_VALUE, LAST_ORDER_STORAGE_KEY } from "../../core/cart-storage";

/** Path of the order-success page, which discards the kept lines instead (rule 5.8). */
const SUCCESS_PATH = "/success";

function hasKeptCheckoutLines(): boolean {
  try {
    return window.localStorage.getItem(LAST_ORDER_STORAGE_KEY) !== null;
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
