/** `/newsletter/issues/{slug}` (rule 6.2): the web view of a sent issue, the address its mail links to. */
import { readContentStore } from "../../server/content.server";
import { Link, redirect } from "react-router";
import { Breadcrumb } from "../components/breadcrumb";
import { NewsletterPrompt } from "../components/newsletter-prompt";
import { ContentWidth } from "../components/ui/content-width";
import { formatLongDate, formatWeekday } from "../lib/dates";
import { useFrameData } from "../lib/frame-data";
import { SITE_NAME } from "../../content/site";
import { NEWSLETTER_FEED, buildMeta } from "../lib/meta";
import { findPublishedIssue } from "../lib/newsletters.server";
import type { Route } from "./+types/newsletter-issue";

/**
 * The issue without its plain-text body.
 * @throws a redirect to `/404` for an unknown slug or an issue not sent yet (rule 6.2).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const found = await findPublishedIssue(readContentStore(), params.slug, Date.now());
  if (!found) throw redirect("/404");
  const { text: _text, ...issue } = found;
  return { issue };
}

export const meta: Route.MetaFunction = (args) => {
  const issue = args.loaderData?.issue;
  return [
    ...buildMeta(args, {
      title: issue?.title,
      description: issue?.preheader,
      path: issue ? `/newsletter/issues/${issue.slug}` : undefined,
      type: "article",
      publishedAt: issue?.sendAt,
    }),
    NEWSLETTER_FEED,
  ];
};

export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  const { issue } = loaderData;
  const { nav } = useFrameData();
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 pt-10 sm:px-6">
        <Breadcrumb
          trail={[
            { to: "/", label: "Home" },
            { to: "/newsletter", label: "Newsletter" },
            { to: "/newsletter/issues", label: "Past issues" },
          ]}
          title={issue.title}
        />
        <p className="mt-8 text-sm font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-400">
          The {SITE_NAME} newsletter
        </p>
        <h1 className="mt-3 text-3xl leading-tight font-extrabold tracking-tight break-words sm:text-5xl">
          {issue.title}
        </h1>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          {formatWeekday(issue.sendAt)} edition · <time dateTime={issue.sendAt}>{formatLongDate(issue.sendAt)}</time> ·{" "}
          {issue.readMinutes} min read
        </p>
        <p className="mt-6 text-xl text-slate-600 dark:text-slate-300">{issue.preheader}</p>
        {/* Our own Markdown, rendered at build time (content/build/compile-newsletters.ts). */}
        <div
          className="prose prose-lg prose-slate mt-8 max-w-none dark:prose-invert prose-a:text-brand-700 dark:prose-a:text-brand-400"
          dangerouslySetInnerHTML={{ __html: issue.html }}
        />
        <p className="mt-10 border-t border-slate-200 pt-6 text-sm dark:border-slate-800">
          <Link to="/newsletter/issues" className="text-brand-700 underline underline-offset-4 dark:text-brand-400">
            All past issues
          </Link>
        </p>
      </article>

      {nav.newsletter && (
        <ContentWidth className="mt-16">
          <NewsletterPrompt />
        </ContentWidth>
      )}
    </>
  );
}
