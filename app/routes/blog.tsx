/**
 * `/blog` (spec §2). A first version of the page; its full
 * content is built by a later issue.
 */
import { PageIntro } from "../components/page-intro";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ error }) =>
  buildMeta("Blog", "Articles on personal finance, investing, trading, crypto, AI and productivity.", error);

export default function BlogPage() {
  return (
    <>
      <PageIntro eyebrow="Articles" title="Blog">
        <p>
          New articles arrive two to three times a week. The article list with search and category filters is on its
          way.
        </p>
      </PageIntro>
    </>
  );
}
