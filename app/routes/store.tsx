/**
 * `/store` (spec §2). A first version of the page; its full
 * content is built by a later issue.
 */
import { PageIntro } from "../components/page-intro";
import { buildMeta } from "../lib/meta";
import { requireOpenGate } from "../lib/route-guards.server";
import type { Route } from "./+types/store";

/** 404 page when the store flag is off (spec §2). */
export function loader({ context }: Route.LoaderArgs) {
  requireOpenGate(context);
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, { title: "Store", description: "Tools and guides from VPF." });

export default function StorePage() {
  return (
    <>
      <PageIntro eyebrow="Shop" title="Store">
        <p>Planners, guides and apparel for people building their freedom. The catalogue is on its way.</p>
      </PageIntro>
    </>
  );
}
