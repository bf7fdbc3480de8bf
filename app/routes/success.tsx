/**
 * `/success` (spec §2). A first version of the page; its full
 * content is built by a later issue.
 */
import { Link } from "react-router";
import { PageIntro } from "../components/page-intro";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, { title: "Thank you for your order", description: "Your VPF order is complete." });

export default function SuccessPage() {
  return (
    <>
      <PageIntro eyebrow="Order complete" title="Thank you for your order">
        <p>Your order is confirmed. A receipt is on its way to your inbox.</p>
      </PageIntro>
      <div className="mx-auto flex max-w-4xl gap-3 px-4 sm:px-6">
        <Link
          to="/store"
          className="rounded-full bg-brand-700 px-5 py-3 font-semibold text-white dark:bg-brand-400 dark:text-slate-950"
        >
          Back to Store
        </Link>
        <Link to="/" className="rounded-full border border-slate-300 px-5 py-3 font-semibold dark:border-slate-700">
          Go to Homepage
        </Link>
      </div>
    </>
  );
}
