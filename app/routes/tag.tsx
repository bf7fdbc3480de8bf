/** `/tags/{slug}` (rule 3.7): the published articles with the tag, newest first; an unused slug is the 404 page. */
import { Link } from "react-router";
import { ArticleGrid } from "../components/article-card";
import { JsonLd, buildBreadcrumbs } from "../components/json-ld";
import { PageIntro } from "../components/page-intro";
import { ContentWidth } from "../components/ui/content-width";
import { findTag } from "../lib/articles.server";
import { useFrameData } from "../lib/frame-data";
import { buildMeta } from "../lib/meta";
import { throwNotFound } from "../lib/route-guards.server";
import type { Route } from "./+types/tag";

export function loader({ params }: Route.LoaderArgs) {
  const found = findTag(params.tag);
  if (!found) throwNotFound();
  return found;
}

export const meta: Route.MetaFunction = (args) => {
  const tag = args.loaderData?.tag;
  return buildMeta(args, {
    title: tag ? `#${tag.name}` : undefined,
    description: tag ? `Articles on ${tag.name} from the VPF blog, newest first.` : undefined,
    path: tag ? `/tags/${tag.slug}` : undefined,
  });
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, articles } = loaderData;
  const origin = useFrameData().origin;
  const path = `/tags/${tag.slug}`;
  return (
    <>
      <JsonLd
        data={buildBreadcrumbs(origin, [
          { name: "Home", path: "/" },
          { name: "Blog", path: "/blog" },
          { name: `#${tag.name}`, path },
        ])}
      />
      <PageIntro eyebrow="Tag" title={`#${tag.name}`}>
        <p>{articles.length === 1 ? "1 article" : `${articles.length} articles`}, newest first.</p>
      </PageIntro>
      <ContentWidth>
        <ArticleGrid articles={articles} />
        <p className="mt-10">
          <Link
            to="/blog"
            className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400"
          >
            ← All articles
          </Link>
        </p>
      </ContentWidth>
    </>
  );
}
