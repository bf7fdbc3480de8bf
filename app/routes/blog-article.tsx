/** `/blog/{slug}` (rules 3.1, 3.6). */
import { readContentStore } from "../../server/content.server";
import { Clock } from "lucide-react";
import { buildTagHref } from "../../content/tags";
import { Link, redirect } from "react-router";
import { Breadcrumb } from "../components/breadcrumb";
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH } from "../../content/article-image";
import { buildShareImageUrl } from "../../content/image-variants";
import { useMemo } from "react";
import { listArticleHeadings } from "../../content/article-headings";
import { ArticleGrid } from "../components/article-card";
import { ArticlePager } from "../components/article-pager";
import { ArticleToc } from "../components/article-toc";
import { ResponsiveImage } from "../components/responsive-image";
import { JsonLd, buildBreadcrumbs } from "../components/json-ld";
import { NewsletterPrompt } from "../components/newsletter-prompt";
import { PublicationMark } from "../components/publication-mark";
import { ShareButton } from "../components/share-button";
import { ContentWidth } from "../components/ui/content-width";
import { ARTICLE_BODY_HANDLE, ARTICLE_BODY_ID, useArticleBody } from "../lib/article-body";
import { findArticle, findNeighbourArticles, listRelatedArticles } from "../lib/articles.server";
import { formatLongDate } from "../lib/dates";
import { buildMeta } from "../lib/meta";
import { buildArticleJsonLd } from "../lib/article-structured-data";
import type { Route } from "./+types/blog-article";
import { useFrameData } from "../lib/frame-data";

/** `sizes` of the cover: the article column (`max-w-3xl px-4 sm:px-6`), 720 px at most. */
const ARTICLE_HERO_SIZES = "(min-width: 768px) 720px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";

/**
 * `html` only on a `.data` request: a document gets the body once, as HTML (`lib/article-body.ts`).
 * @throws a redirect to `/404` for an unknown slug (rule 2.3).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const content = readContentStore();
  const nowMs = Date.now();
  const found = await findArticle(content, params.slug, nowMs);
  if (!found) throw redirect("/404");
  const { html, ...article } = found;
  const isDataRequest = new URL(request.url).pathname.endsWith(".data");
  const [neighbours, related] = await Promise.all([
    findNeighbourArticles(content, article.slug, nowMs),
    listRelatedArticles(content, article.slug, undefined, nowMs),
  ]);
  return { article, html: isDataRequest ? html : null, neighbours, related };
}

/** The server entry sends this route's article body once, as HTML (`app/lib/article-body.ts`). */
export const handle = ARTICLE_BODY_HANDLE;

export const meta: Route.MetaFunction = (args) => {
  const article = args.loaderData?.article;
  return buildMeta(args, {
    title: article?.title,
    description: article?.excerpt,
    path: article ? `/blog/${article.slug}` : undefined,
    image: article ? buildShareImageUrl(article.slug) : undefined,
    imageAlt: article?.title,
    type: "article",
    publishedAt: article?.publishedAt,
    modifiedAt: article?.updated,
  });
};

/** The article a page shows, as its loader returns it. */
type ShownArticle = Route.ComponentProps["loaderData"]["article"];

/** The title breaks inside a long word rather than widen a phone page. */
const TITLE_CLASS = "mt-5 text-3xl leading-tight font-extrabold tracking-tight break-words sm:text-5xl";

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article, neighbours, related } = loaderData;
  const bodyHtml = useArticleBody(loaderData.html);
  const headings = useMemo(() => listArticleHeadings(bodyHtml), [bodyHtml]);
  const { nav, origin } = useFrameData();
  return (
    <>
      <JsonLd data={buildArticleJsonLd(origin, article)} />
      <JsonLd
        data={buildBreadcrumbs(origin, [
          { name: "Home", path: "/" },
          { name: "Blog", path: "/blog" },
          { name: article.title, path: `/blog/${article.slug}` },
        ])}
      />

      <article className="mx-auto max-w-3xl px-4 pt-10 sm:px-6">
        <Breadcrumb
          trail={[
            { to: "/", label: "Home" },
            { to: "/blog", label: "Blog" },
          ]}
          title={article.title}
        />

        <ArticleHeader article={article} shareUrl={`${origin}/blog/${article.slug}`} />

        <ResponsiveImage
          src={article.image}
          alt={article.imageAlt}
          width={ARTICLE_IMAGE_WIDTH}
          height={ARTICLE_IMAGE_HEIGHT}
          sizes={ARTICLE_HERO_SIZES}
          priority
          pictureClassName="mt-6 block sm:mt-8"
          className="aspect-[1200/630] w-full rounded-2xl object-cover"
        />

        <div className="relative mt-8 xl:mt-10">
          <ArticleToc headings={headings} />
          <div
            id={ARTICLE_BODY_ID}
            className="prose prose-lg prose-slate max-w-none dark:prose-invert prose-headings:scroll-mt-24 prose-a:text-brand-700 dark:prose-a:text-brand-400"
            dangerouslySetInnerHTML={{ __html: bodyHtml }}
          />
        </div>

        <ArticleTags tags={article.tags} />
        <ArticlePager previous={neighbours.previous} next={neighbours.next} />
      </article>

      {related.length > 0 && (
        <ContentWidth as="section" aria-labelledby="related-heading" className="mt-20">
          <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
            Related Articles
          </h2>
          <div className="mt-6" data-testid="related-articles">
            <ArticleGrid articles={related} headingLevel={3} eagerFirst={false} />
          </div>
        </ContentWidth>
      )}

      {nav.newsletter && (
        <ContentWidth className="mt-20">
          <NewsletterPrompt />
        </ContentWidth>
      )}
    </>
  );
}

/**
 * The category, dates, reading time, title, excerpt, byline and share button. Title first at every width, the cover
 * after the byline: on a wide screen the title is read without scrolling past the cover (rule 3.1).
 */
function ArticleHeader({ article, shareUrl }: { article: ShownArticle; shareUrl: string }) {
  return (
    <header className="mt-6">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
        <Link
          to={`/categories/${article.categorySlug}`}
          className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800 hover:bg-brand-100 dark:bg-brand-900/40 dark:text-brand-300"
        >
          {article.category}
        </Link>
        <PublicationMark article={article} />
        <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>
        {article.updated && (
          <span data-testid="article-updated">
            Updated <time dateTime={article.updated}>{formatLongDate(article.updated)}</time>
          </span>
        )}
        <span className="flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4" />
          {article.readTime}
        </span>
      </div>
      <h1 className={TITLE_CLASS}>{article.title}</h1>
      <p className="mt-4 text-lg sm:text-xl text-slate-600 dark:text-slate-300">{article.excerpt}</p>

      <div className="mt-5 flex items-center justify-between gap-4 text-sm text-slate-600 dark:text-slate-400">
        <span>By {article.author}</span>
        <ShareButton title={article.title} url={shareUrl} />
      </div>
    </header>
  );
}

function ArticleTags({ tags }: { tags: readonly string[] }) {
  return (
    <ul className="mt-10 flex flex-wrap gap-2" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={buildTagHref(tag)}
            className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700"
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
