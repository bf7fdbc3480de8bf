/**
 * `/tags/{slug}` (rule 3.7): the published articles with the tag, newest first, a page at a time (`?page=N`, rule
 * 3.9); an unused slug or a page past the last is the 404 page.
 */
import { readContentStore } from "../../server/content.server";
import { Link } from "react-router";
import { ArticleGrid } from "../components/article-card";
import { JsonLd, buildBreadcrumbs } from "../components/json-ld";
import { PageIntro } from "../components/page-intro";
import { ContentWidth } from "../components/ui/content-width";
import { ListPager } from "../components/list-pager";
import { readPageNumber } from "../../core/pagination";
import { findTag } from "../lib/articles.server";
import { useFrameData } from "../lib/frame-data";
import { SITE_NAME } from "../../content/site";
import { buildMeta } from "../lib/meta";
import { throwNotFound } from "../lib/route-guards.server";
import type { Route } from "./+types/tag";

export async function loader({ params, request }: Route.LoaderArgs) {
  const found = await findTag(readContentStore(), params.tag, readPageNumber(new URL(request.url).searchParams));
  if (!found) throwNotFound();
  return found;
}

export const meta: Route.MetaFunction = (args) => {
  const tag = args.loaderData?.tag;
  const articles = args.loaderData?.articles;
  return buildMeta(args, {
    title: tag ? `#${tag.name}` : undefined,
    description: tag ? `Articles on ${tag.name} from the ${SITE_NAME} blog, newest first.` : undefined,
    path: tag ? `/tags/${tag.slug}` : undefined,
    listPage: articles && { page: articles.page, pageCount: articles.pageCount },
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
        <p>{articles.total === 1 ? "1 article" : `${articles.total} articles`}, newest first.</p>
      </PageIntro>
      <ContentWidth>
        <ArticleGrid articles={articles.items} />
        <ListPager path={path} page={articles.page} pageCount={articles.pageCount} />
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
