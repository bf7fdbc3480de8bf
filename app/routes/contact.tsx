/**
 * `/contact` (spec §2). A first version of the page; its full
 * content is built by a later issue.
 */
import { PageIntro } from "../components/page-intro";
import { buildMeta } from "../lib/meta";
import { requireOpenGate } from "../lib/route-guards.server";
import type { Route } from "./+types/contact";

/** 404 page when the contact flag is off (spec §2). */
export function loader({ context }: Route.LoaderArgs) {
  requireOpenGate(context);
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, { title: "Contact", description: "Get in touch with the VPF team." });

export default function ContactPage() {
  return (
    <>
      <PageIntro eyebrow="Get in touch" title="Contact">
        <p>Questions, feedback or an idea for an article? The contact form is on its way.</p>
      </PageIntro>
    </>
  );
}
