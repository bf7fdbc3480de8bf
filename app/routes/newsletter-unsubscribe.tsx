/**
 * `/newsletter/unsubscribe?token=…` (docs/product-rules.md, "Newsletter"): a page with one button, so a link scanner
 * that opens the mail's link unsubscribes no one. The worker takes the button's post and sends the reader back here.
 */
import { getEdgeContext } from "../../core/edge-context";
import type { UnsubscribeState } from "../../core/newsletter-tokens";
import { Confirmation } from "../components/confirmation";
import { buttonClassName } from "../components/ui/button";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/newsletter-unsubscribe";

/** `{ state, token }`. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const newsletter = getEdgeContext(context).newsletter;
  const token = new URL(request.url).searchParams.get("token");
  const state: UnsubscribeState = newsletter ? await newsletter.readUnsubscribeState(token) : "invalid";
  return { state, token: state === "subscribed" ? token : null };
}

export const meta: Route.MetaFunction = (args) => [
  ...buildMeta(args, { title: "Unsubscribe", description: "Stop the VPF newsletter." }),
  { name: "robots", content: "noindex" },
];

export default function NewsletterUnsubscribe({ loaderData }: Route.ComponentProps) {
  const { state, token } = loaderData;
  if (state === "unsubscribed") {
    return (
      <Confirmation title="You're Unsubscribed" action={{ to: "/newsletter", label: "Sign Up Again" }}>
        <p>You will not receive the VPF newsletter any more. Changed your mind? You can sign up again at any time.</p>
      </Confirmation>
    );
  }
  if (state === "invalid" || !token) {
    return (
      <Confirmation title="This Link Doesn't Work" icon="neutral" action={{ to: "/contact", label: "Contact Us" }}>
        <p>
          The link may have been cut short or changed. Use the unsubscribe link at the end of any issue, or write to us
          and we will take you off the list.
        </p>
      </Confirmation>
    );
  }
  return (
    <Confirmation title="Unsubscribe from VPF?" icon="neutral">
      <p>Press the button to stop the Sunday newsletter at this address. You can sign up again at any time.</p>
      {/* A plain form, never a fetcher: the worker answers the post with a redirect back to this page. */}
      <form method="post" action={`?token=${encodeURIComponent(token)}`} className="mt-8">
        <button type="submit" className={buttonClassName({ size: "xl" })}>
          Unsubscribe
        </button>
      </form>
    </Confirmation>
  );
}
