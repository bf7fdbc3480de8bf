/**
 * `/success` (spec §2): the order-success page. Empties the cart on load and
 * links to the store and the home page.
 */
import { CircleCheck } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { emptyCart } from "../lib/cart-store";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = (args) => [
  ...buildMeta(args, { title: "Thank you for your order", description: "Your VPF order is complete." }),
  { name: "robots", content: "noindex" },
];

export default function Success() {
  useEffect(() => {
    emptyCart();
  }, []);
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <CircleCheck aria-hidden="true" className="mx-auto size-14 text-brand-700 dark:text-brand-400" />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight">Thank you for your order!</h1>
      <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
        Your payment went through and your order is confirmed. A receipt is on its way to your inbox.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link
          to="/store"
          className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 dark:bg-brand-400 dark:text-slate-950 dark:hover:bg-brand-300"
        >
          Continue shopping
        </Link>
        <Link
          to="/"
          className="rounded-full border border-slate-300 px-6 py-3 font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          Go to Homepage
        </Link>
      </div>
    </div>
  );
}
