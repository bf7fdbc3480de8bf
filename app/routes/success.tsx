/**
 * `/success` (rule 5.8): the order-success page. Empties the cart on load and
 * links to the store and the home page.
 */
import { useEffect } from "react";
import { Confirmation } from "../components/confirmation";
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
    <Confirmation title="Thank you for your order!" action={{ to: "/store", label: "Continue shopping" }}>
      Your payment went through and your order is confirmed. A receipt is on its way to your inbox.
    </Confirmation>
  );
}
