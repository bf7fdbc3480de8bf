/** `/success` (rules 5.6, 5.8): only a receipt the worker signed confirms an order and empties the cart. */
import { useEffect } from "react";
import { Link } from "react-router";
import { Confirmation } from "../components/confirmation";
import { type OrderReceipt, RECEIPT_PARAM } from "../../core/order-receipt";
import { readOrderReceipt } from "../../server/signing-key.server";
import { formatCartTotal } from "../../core/prices";
import { clearSavedCart } from "../lib/cart-reset";
import { SITE_NAME } from "../../content/site";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/success";

/** `{ receipt }`: the signed, fresh receipt of `?receipt=`, or `null`. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get(RECEIPT_PARAM);
  return { receipt: await readOrderReceipt(token) };
}

export const meta: Route.MetaFunction = (args) => [
  ...buildMeta(args, { title: "Thank You", description: `Thank you for visiting the ${SITE_NAME} store.` }),
  { name: "robots", content: "noindex" },
];

export default function Success({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;

  const paid = receipt !== null;
  useEffect(() => {
    if (paid) clearSavedCart(); // rule 5.6
  }, [paid]);

  if (!receipt) {
    return (
      <Confirmation title="No Order to Show" icon="order" action={{ to: "/store", label: "Continue Shopping" }}>
        <p>
          This page confirms an order when checkout sends you back here after payment, and this link carries none. If
          you have just paid, your confirmation e-mail has your order reference; if something looks wrong, write to us
          and we will check it for you.
        </p>
      </Confirmation>
    );
  }

  return (
    <Confirmation title="Thank You for Your Order!" action={{ to: "/store", label: "Continue Shopping" }}>
      <p>
        Your order reference is{" "}
        <strong className="font-mono text-slate-900 dark:text-white" data-testid="order-reference">
          {receipt.reference}
        </strong>
        . A confirmation with the same reference is on its way to your inbox.
      </p>
      {receipt.lines.length > 0 && <OrderSummary receipt={receipt} />}
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

function OrderSummary({ receipt }: { receipt: OrderReceipt }) {
  return (
    <section
      aria-labelledby="bought-heading"
      className="mx-auto mt-8 max-w-md rounded-2xl border border-slate-200 p-5 text-left text-base dark:border-slate-800"
    >
      <h2 id="bought-heading" className="font-semibold text-slate-900 dark:text-white">
        What You Bought
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" data-testid="order-lines">
        {receipt.lines.map((line, index) => (
          <li key={index} className="flex justify-between gap-4 py-2">
            <span>
              {line.name} × {line.quantity}
            </span>
            <span className="font-semibold">{line.price}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 font-semibold dark:border-slate-800">
        <span>Total</span>
        <span>{formatCartTotal(receipt.totalCents)}</span>
      </p>
    </section>
  );
}
