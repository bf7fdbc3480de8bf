/**
 * `/newsletter` (spec §2). A first version of the page; its full
 * content is built by a later issue.
 */
import { PageIntro } from "../components/page-intro";
import { buildMeta } from "../lib/meta";
import { requireOpenGate } from "../lib/route-guards.server";
import type { Route } from "./+types/newsletter";

/** 404 page when the newsletter flag is off (spec §2). */
export function loader({ context }: Route.LoaderArgs) {
  requireOpenGate(context);
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Newsletter",
    description: "The VPF newsletter: every Sunday morning, read by 10,000+ readers.",
  });

export default function NewsletterPage() {
  return (
    <>
      <PageIntro eyebrow="Weekly" title="Newsletter">
        <p>One practical email every Sunday morning, read by 10,000+ readers. Sign-up opens soon.</p>
      </PageIntro>
    </>
  );
}
