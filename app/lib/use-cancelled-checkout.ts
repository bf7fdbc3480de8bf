/**
 * `useCancelledCheckout()`: coming back from checkout through Cancel
 * (`?checkout=cancelled`, set on `cancelUrl` by `checkout.ts`) brings the
 * cart back as it was before checkout emptied it, says so in a toast
 * ('Checkout cancelled': 'Your cart is as you left it.'), and takes the
 * marker out of the address bar (docs/product-rules.md rule 5.9). The cart's
 * code loads only when the marker is there.
 */
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { CHECKOUT_CANCELLED_PARAM, CHECKOUT_CANCELLED_VALUE } from "../../core/cart-storage";

/** Runs in the shell, for every page. */
export function useCancelledCheckout(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get(CHECKOUT_CANCELLED_PARAM) !== CHECKOUT_CANCELLED_VALUE) return;
    params.delete(CHECKOUT_CANCELLED_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
    void import("./restore-cancelled-checkout").then(({ restoreCancelledCheckout }) => restoreCancelledCheckout());
  }, [location.pathname, location.search, location.hash, navigate]);
}
