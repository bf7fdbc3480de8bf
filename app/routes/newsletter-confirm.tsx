/** `/newsletter/confirm?token=…` (docs/product-rules.md, "Newsletter"): the link of the confirmation mail. */
import { getEdgeContext } from "../../core/edge-context";
import type { ConfirmOutcome } from "../../core/newsletter-tokens";
import { Confirmation } from "../components/confirmation";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/newsletter-confirm";

/** `{ outcome }`; the address is confirmed here, so the page is never cached. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const newsletter = getEdgeContext(context).newsletter;
  const token = new URL(request.url).searchParams.get("token");
  const outcome: ConfirmOutcome = newsletter ? await newsletter.confirm(token) : "invalid";
  return { outcome };
}

export const meta: Route.MetaFunction = (args) => [
  ...buildMeta(args, { title: "Confirm Subscription", description: "Confirm your VPF newsletter subscription." }),
  { name: "robots", content: "noindex" },
];

const SIGN_UP_AGAIN = { to: "/newsletter", label: "Sign Up Again" };

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  switch (loaderData.outcome) {
    case "confirmed":
      return (
        <Confirmation title="You're Subscribed!" action={{ to: "/blog", label: "Read the Blog" }}>
          <p>Your address is confirmed. The next issue arrives on Sunday morning.</p>
        </Confirmation>
      );
    case "already-confirmed":
      return (
        <Confirmation title="Already Confirmed" action={{ to: "/blog", label: "Read the Blog" }}>
          <p>This address is already on the list. The next issue arrives on Sunday morning.</p>
        </Confirmation>
      );
    case "expired":
      return (
        <Confirmation title="This Link Has Expired" icon="neutral" action={SIGN_UP_AGAIN}>
          <p>
            A confirmation link works for 7 days, and only for your latest sign-up. Sign up again and we will send you a
            new one.
          </p>
        </Confirmation>
      );
    default:
      return (
        <Confirmation title="This Link Doesn't Work" icon="neutral" action={SIGN_UP_AGAIN}>
          <p>
            The link may have been cut short or changed. Open it again from the e-mail, copying all of it, or sign up
            again.
          </p>
        </Confirmation>
      );
  }
}
