/**
 * `/disclaimer` (spec §2). A first version of the page; its full
 * content is built by a later issue.
 */
import { PageIntro } from "../components/page-intro";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/disclaimer";

export const meta: Route.MetaFunction = ({ error }) =>
  buildMeta("Disclaimer", "VPF content is for education only and is not financial advice.", error);

export default function DisclaimerPage() {
  return (
    <>
      <PageIntro eyebrow="Legal" title="Disclaimer">
        <p>
          Everything on VPF is for educational purposes only and is not financial advice. Do your own research and
          consult a qualified professional before making financial decisions.
        </p>
      </PageIntro>
    </>
  );
}
