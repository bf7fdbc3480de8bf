/** The cart button's count badge (rule 4.2), loaded once idle in a browser with a cart; the server renders none. */
import { countItems } from "../../core/cart";
import { useCart } from "../lib/cart-store";

/** The button's spoken name with the count, and the badge when the cart is not empty. */
export default function CartBadge() {
  const count = countItems(useCart());
  if (count === 0) return <span className="sr-only">Shopping cart</span>;
  return (
    <>
      <span className="sr-only">{`Shopping cart, ${count} ${count === 1 ? "item" : "items"}`}</span>
      <span
        data-testid="cart-badge"
        aria-hidden="true"
        className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-bold text-white dark:bg-brand-400 dark:text-slate-950"
      >
        {count}
      </span>
    </>
  );
}
