/**
 * `/success` (docs/product-rules.md rules 5.6, 5.8): the order-success page.
 * Empties the cart on load and links to the store and the home page.
 *
 * Checkout sends the visitor back here with the order's reference in
 * `?order=` (the hosted checkout page, or the sandbox, adds it). When that
 * reference is valid (`OrderReferenceSchema`) the page shows it and, in this
 * browser, what was bought: the cart lines saved just before leaving for
 * checkout. Opened directly, without a reference, it thanks the visitor and
 * claims no payment.
 */
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import * as v from "valibot";
import { Confirmation } from "../components/confirmation";
import { type CartItem, formatLineName } from "../../core/cart";
import { formatCartTotal, formatPrice, readUnitPrice } from "../../core/prices";
import { emptyCart, useLastOrder } from "../lib/cart-store";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/success";

/** An order reference as checkout hands it back: 4-64 letters, digits, `-` or `_`. */
export const OrderReferenceSchema = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{4,64}$/));

/** The valid order reference in `?order=`, or `null`. */
export function readOrderReference(search: URLSearchParams): string | null {
  const parsed = v.safeParse(OrderReferenceSchema, search.get("order") ?? "");
  return parsed.success ? parsed.output : null;
}

export const meta: Route.MetaFunction = (args) => [
  ...buildMeta(args, { title: "Thank You", description: "Thank you for visiting the VPF store." }),
  { name: "robots", content: "noindex" },
];

export default function Success() {
  const [searchParams] = useSearchParams();
  const reference = readOrderReference(searchParams);
  // What was sent to checkout, kept in this tab for this page (empty without a reference).
  const lastOrder = useLastOrder();
  const bought = reference ? lastOrder : [];

  useEffect(() => {
    emptyCart(); // rule 5.6
  }, []);

  if (!reference) {
    return (
      <Confirmation title="Thank You for Visiting!" action={{ to: "/store", label: "Continue Shopping" }}>
        <p>
          This page confirms orders once checkout sends you back here. If you have just paid, your confirmation e-mail
          has your order reference; if something looks wrong, write to us and we will check it for you.
        </p>
      </Confirmation>
    );
  }

  return (
    <Confirmation title="Thank You for Your Order!" action={{ to: "/store", label: "Continue Shopping" }}>
      <p>
        Your order reference is{" "}
        <strong className="font-mono text-slate-900 dark:text-white" data-testid="order-reference">
          {reference}
        </strong>
        . A confirmation with the same reference is on its way to your inbox.
      </p>
      {bought.length > 0 && <OrderSummary items={bought} />}
      <p className="mt-4 text-base">
        Questions about delivery? See{" "}
        <Link to="/shipping" className="font-semibold text-brand-700 underline dark:text-brand-400">
          Shipping &amp; Returns
        </Link>
        .
      </p>
    </Confirmation>
  );
}

function OrderSummary({ items }: { items: readonly CartItem[] }) {
  const total = items.reduce((sum, item) => sum + readUnitPrice(item.variant) * item.quantity, 0);
  return (
    <section
      aria-labelledby="bought-heading"
      className="mx-auto mt-8 max-w-md rounded-2xl border border-slate-200 p-5 text-left text-base dark:border-slate-800"
    >
      <h2 id="bought-heading" className="font-semibold text-slate-900 dark:text-white">
        What You Bought
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" data-testid="order-lines">
        {items.map((item) => (
          <li key={item.variant.id} className="flex justify-between gap-4 py-2">
            <span>
              {formatLineName(item.variant.id, item.product.title, item.variant.title)} × {item.quantity}
            </span>
            <span className="font-semibold">
              {formatPrice(readUnitPrice(item.variant) * item.quantity, item.variant.currency)}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 font-semibold dark:border-slate-800">
        <span>Total</span>
        <span>{formatCartTotal(total)}</span>
      </p>
    </section>
  );
}
