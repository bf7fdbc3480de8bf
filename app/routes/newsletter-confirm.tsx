/**
 * `/newsletter/confirm?token=…` (rule 6.8): only the page's button confirms (it posts to the action), so a link
 * scanner that fetches the link confirms no one.
 */
import { Form } from "react-router";
import { confirmSubscription, openList, readConfirmState } from "../../server/newsletter.server";
import type { ConfirmOutcome } from "../../core/newsletter-tokens";
import { Confirmation } from "../components/confirmation";
import { buttonClassName } from "../components/ui/button";
import { SITE_NAME } from "../../content/site";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/newsletter-confirm";

/** `{ outcome, email, token }`: read only, so opening the link changes nothing. */
export async function loader({ request }: Route.LoaderArgs) {
  const list = await openList();
  const token = new URL(request.url).searchParams.get("token");
  const state = list ? await readConfirmState(list, token) : ({ outcome: "invalid" } as const);
  return state.outcome === "pending"
    ? { outcome: state.outcome, email: state.email, token }
    : { outcome: state.outcome, email: null, token: null };
}

/** Confirms the link's address; the page then shows how it ended. */
export async function action({ request }: Route.ActionArgs) {
  const list = await openList();
  const token = new URL(request.url).searchParams.get("token");
  const outcome: ConfirmOutcome = list ? await confirmSubscription(list, token) : "invalid";
  return { outcome };
}

export const meta: Route.MetaFunction = (args) => [
  ...buildMeta(args, {
    title: "Confirm Subscription",
    description: `Confirm your ${SITE_NAME} newsletter subscription.`,
  }),
  { name: "robots", content: "noindex" },
];

const SIGN_UP_AGAIN = { to: "/newsletter", label: "Sign Up Again" };

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? loaderData.outcome;
  switch (outcome) {
    case "pending":
      return (
        <Confirmation title="Confirm Your Subscription" icon="mail">
          <p>
            Press the button to receive the {SITE_NAME} newsletter at <strong>{loaderData.email}</strong>.
          </p>
          <Form method="post" action={`?token=${encodeURIComponent(loaderData.token ?? "")}`} className="mt-8">
            <button type="submit" className={buttonClassName({ size: "xl" })}>
              Confirm my subscription
            </button>
          </Form>
        </Confirmation>
      );
    case "confirmed":
      return (
        <Confirmation title="You're Subscribed!" action={{ to: "/blog", label: "Read the Blog" }}>
          <p>Your address is confirmed. The next issue arrives on {SEND_TIME_WORDS.when}.</p>
        </Confirmation>
      );
    case "already-confirmed":
      return (
        <Confirmation title="Already Confirmed" action={{ to: "/blog", label: "Read the Blog" }}>
          <p>This address is already on the list. The next issue arrives on {SEND_TIME_WORDS.when}.</p>
        </Confirmation>
      );
    case "unsubscribed":
      return (
        <Confirmation title="You Have Unsubscribed" icon="mail" action={SIGN_UP_AGAIN}>
          <p>
            This address left the newsletter, so this link no longer confirms it. Sign up again to get it back; we will
            send you a new link.
          </p>
        </Confirmation>
      );
    case "expired":
      return (
        <Confirmation title="This Link Has Expired" icon="mail" action={SIGN_UP_AGAIN}>
          <p>
            A confirmation link works for 7 days, and only for your latest sign-up. Sign up again and we will send you a
            new one.
          </p>
        </Confirmation>
      );
    default:
      return (
        <Confirmation title="This Link Doesn't Work" icon="mail" action={SIGN_UP_AGAIN}>
          <p>
            The link may have been cut short or changed. Open it again from the e-mail, copying all of it, or sign up
            again.
          </p>
        </Confirmation>
      );
  }
}
