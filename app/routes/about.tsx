/**
 * `/about` (spec §2). A first version of the page; its full
 * content is built by a later issue.
 */
import { PageIntro } from "../components/page-intro";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ error }) =>
  buildMeta("About VPF", "What Value, Progress, Freedom stands for and why we write.", error);

export default function AboutPage() {
  return (
    <>
      <PageIntro eyebrow="About" title="About VPF">
        <p>
          VPF stands for Value, Progress, Freedom: create something useful, improve a little every day, and build the
          financial room to choose how you live.
        </p>
      </PageIntro>
    </>
  );
}
