/** `/newsletter/unsubscribe?token=…` (rule 6.8): only the page's button posts, so a link scanner unsubscribes no one. */
import { Form } from "react-router";
import { openList, readUnsubscribeState, unsubscribe } from "../../server/newsletter.server";
import type { UnsubscribeState } from "../../core/newsletter-tokens";
import { Confirmation } from "../components/confirmation";
import { buttonClassName } from "../components/ui/button";
import { SITE_NAME } from "../../content/site";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/newsletter-unsubscribe";

/** `{ state, token }`. */
export async function loader({ request }: Route.LoaderArgs) {
  const list = await openList();
  const token = new URL(request.url).searchParams.get("token");
  const state: UnsubscribeState = list ? await readUnsubscribeState(list, token) : "invalid";
  return { state, token: state === "subscribed" ? token : null };
}

/** Unsubscribes the link's address; the page then shows the done state, or the bad link. */
export async function action({ request }: Route.ActionArgs) {
  const list = await openList();
  const token = new URL(request.url).searchParams.get("token");
  const done = list ? await unsubscribe(list, token) : false;
  return { state: (done ? "unsubscribed" : "invalid") satisfies UnsubscribeState };
}

export const meta: Route.MetaFunction = (args) => [
  ...buildMeta(args, { title: "Unsubscribe", description: `Stop the ${SITE_NAME} newsletter.` }),
  { name: "robots", content: "noindex" },
];

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  const { token } = loaderData;
  if (state === "unsubscribed") {
    return (
      <Confirmation title="You're Unsubscribed" action={{ to: "/newsletter", label: "Sign Up Again" }}>
        <p>
          You will not receive the {SITE_NAME} newsletter any more. Changed your mind? You can sign up again at any
          time.
        </p>
      </Confirmation>
    );
  }
  if (state === "invalid" || !token) {
    return (
      <Confirmation title="This Link Doesn't Work" icon="mail" action={{ to: "/contact", label: "Contact Us" }}>
        <p>
          The link may have been cut short or changed. Use the unsubscribe link at the end of any issue, or write to us
          and we will take you off the list.
        </p>
      </Confirmation>
    );
  }
  return (
    <Confirmation title={`Unsubscribe from ${SITE_NAME}?`} icon="mail">
      <p>
        Press the button to stop the {SEND_TIME_WORDS.weekday} newsletter at this address. You can sign up again at any
        time.
      </p>
      <Form method="post" action={`?token=${encodeURIComponent(token)}`} className="mt-8">
        <button type="submit" className={buttonClassName({ size: "xl" })}>
          Unsubscribe
        </button>
      </Form>
    </Confirmation>
  );
}
