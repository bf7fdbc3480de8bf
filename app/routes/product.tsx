/**
 * `/product/{id}` (spec §2). A first version of the page; its full
 * content is built by a later issue.
 */
import { PageIntro } from "../components/page-intro";
import { buildMeta } from "../lib/meta";
import { requireOpenGate } from "../lib/route-guards.server";
import type { Route } from "./+types/product";

/** 404 page when the store flag is off (spec §2). */
export function loader({ context }: Route.LoaderArgs) {
  requireOpenGate(context);
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, { title: "Product", description: "A product from the VPF store." });

export default function ProductPage() {
  return (
    <>
      <PageIntro eyebrow="Store" title="Product">
        <p>Product details are on their way.</p>
      </PageIntro>
    </>
  );
}
