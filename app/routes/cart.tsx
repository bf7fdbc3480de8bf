/**
 * `/cart` (rules 4.1, 4.13, decision 023): the cart as a page. With JavaScript it shows the browser's cart, the cart
 * drawer's, and checks out as the drawer does. Without, it shows the cookie cart, whose every change and Checkout is a
 * form post to `/cart` that the worker answers (`worker/cart-form.ts`).
 */
import { clsx } from "clsx";
import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import * as v from "valibot";
import { PRODUCT_PLACEHOLDER_IMAGE } from "../../content/products";
import { type CartItem, type CartState, formatLineName, readAvailableStock, totalCents } from "../../core/cart";
import {
  CART_COOKIE,
  CART_NOTICES,
  CartNoticeSchema,
  parseCookieCart,
  readCookie,
  readCookieCartState,
} from "../../core/cookie-cart";
import { formatCartTotal, formatPrice, readUnitPrice } from "../../core/prices";
import { CartLine } from "../components/cart-line";
import { PageIntro } from "../components/page-intro";
import { Button, buttonClassName } from "../components/ui/button";
import { ContentWidth } from "../components/ui/content-width";
import { useCart } from "../lib/cart-store";
import { useCheckout } from "../lib/use-checkout";
import { formatTitle } from "../lib/meta";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/cart";

/** `{ cookieCart, notice }`: the cookie cart joined with the catalogue, and what the last post did (`?notice=`). */
export function loader({ request }: Route.LoaderArgs) {
  const lines = parseCookieCart(readCookie(request.headers.get("cookie"), CART_COOKIE));
  const notice = v.safeParse(CartNoticeSchema, new URL(request.url).searchParams.get("notice"));
  return { cookieCart: readCookieCartState(lines), notice: notice.success ? CART_NOTICES[notice.output] : null };
}

export const meta: Route.MetaFunction = () => [
  { title: formatTitle("Shopping Cart") },
  { name: "robots", content: "noindex" },
];

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  return (
    <>
      <PageIntro title="Shopping Cart" />
      <ContentWidth className="pb-16">
        {hydrated ? (
          <BrowserCart />
        ) : (
          <>
            <p className="needs-js text-slate-600 dark:text-slate-300">Loading your cart…</p>
            <div className="no-js-only hidden">
              {loaderData.notice && (
                <p
                  role="status"
                  className="mb-6 rounded-xl border border-brand-300 bg-brand-50 p-4 text-brand-900 dark:border-brand-700 dark:bg-brand-900 dark:text-white"
                >
                  {loaderData.notice}
                </p>
              )}
              <CookieCart cart={loaderData.cookieCart} />
            </div>
          </>
        )}
      </ContentWidth>
    </>
  );
}

/** What an empty cart says, with or without scripts. */
function EmptyCart() {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <ShoppingBag aria-hidden="true" className="size-10 text-slate-400" />
      <p className="font-semibold">Your cart is empty</p>
      <Link to="/store" className={buttonClassName({ size: "md" })}>
        Browse the Store
      </Link>
    </div>
  );
}

/** Back to the store, under Checkout. */
function ContinueShopping() {
  return (
    <Link
      to="/store"
      className={clsx(buttonClassName({ variant: "link", size: "lg" }), "mt-2 flex w-full justify-center")}
    >
      Continue Shopping
    </Link>
  );
}

/** The subtotal line and the note under it (rule 4.11). */
function Subtotal({ cart }: { cart: CartState }) {
  return (
    <>
      <p className="flex items-center justify-between text-lg font-bold">
        <span>Subtotal</span>
        <span data-testid="cart-total">{formatCartTotal(totalCents(cart))}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Shipping and taxes calculated at checkout.</p>
    </>
  );
}

/** The browser's cart, as in the drawer: its lines change at once and Checkout runs `startCheckout`. */
function BrowserCart() {
  const cart = useCart();
  const { checkingOut, refusal, checkout } = useCheckout(cart);
  if (cart.items.length === 0) return <EmptyCart />;

  return (
    <div className="grid gap-8 md:grid-cols-[1fr_20rem]">
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {cart.items.map((item) => (
          <CartLine key={item.variant.id} item={item} refusal={null} />
        ))}
      </ul>
      <div className="self-start rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
        {refusal !== null && (
          <p role="alert" className="mb-3 text-sm font-medium text-red-700 dark:text-red-400">
            {refusal.message}
          </p>
        )}
        <Subtotal cart={cart} />
        <Button
          size="lg"
          disabledLook="working"
          onClick={() => void checkout()}
          disabled={checkingOut}
          className="mt-4 w-full"
        >
          {checkingOut ? "Redirecting to checkout..." : "Checkout"}
        </Button>
        <ContinueShopping />
      </div>
    </div>
  );
}

/** The cookie cart: each line a form that sets its quantity or removes it, and Checkout a form of its own. */
function CookieCart({ cart }: { cart: CartState }) {
  if (cart.items.length === 0) return <EmptyCart />;
  return (
    <div className="grid gap-8 md:grid-cols-[1fr_20rem]">
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {cart.items.map((item) => (
          <CookieCartLine key={item.variant.id} item={item} />
        ))}
      </ul>
      <form
        method="post"
        action="/cart"
        className="self-start rounded-2xl border border-slate-200 p-5 dark:border-slate-800"
      >
        <Subtotal cart={cart} />
        <button
          type="submit"
          name="intent"
          value="checkout"
          className={clsx(buttonClassName({ size: "lg" }), "mt-4 w-full")}
        >
          Checkout
        </button>
        <ContinueShopping />
      </form>
    </div>
  );
}

/** One line of the cookie cart: its quantity box with Update (0 removes it), and Remove. */
function CookieCartLine({ item }: { item: CartItem }) {
  const { product, variant, quantity } = item;
  const unit = readUnitPrice(variant);
  const label = formatLineName(variant.id, product.title, variant.title);
  const fieldId = `quantity-${variant.id}`;
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      <img
        src={product.image ?? PRODUCT_PLACEHOLDER_IMAGE}
        alt=""
        width={80}
        height={80}
        className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2">
        <p className="font-semibold">{label}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{formatPrice(unit, variant.currency)} each</p>
        <form method="post" action="/cart" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="variant_id" value={variant.id} />
          <div>
            <label htmlFor={fieldId} className="block text-sm font-semibold">
              Quantity<span className="sr-only"> of {label}</span>
            </label>
            <input
              id={fieldId}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={0}
              max={readAvailableStock(variant)}
              defaultValue={quantity}
              className="mt-1 w-20 rounded-lg border border-slate-300 bg-transparent px-2 py-2 text-center font-semibold dark:border-slate-600"
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="set"
            className={buttonClassName({ variant: "secondary", size: "md" })}
          >
            Update
          </button>
          <button
            type="submit"
            name="intent"
            value="remove"
            aria-label={`Remove ${label}`}
            className="text-sm font-medium text-red-700 underline-offset-4 hover:underline dark:text-red-400"
          >
            Remove
          </button>
          <p className="ml-auto font-semibold">{formatPrice(unit * quantity, variant.currency)}</p>
        </form>
      </div>
    </li>
  );
}
