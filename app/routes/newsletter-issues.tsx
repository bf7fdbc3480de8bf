/**
 * `/newsletter/issues` (rule 6.2): every sent issue, newest first, each linked to its web view, a page at a time
 * (`?page=N`, rule 3.9); a page past the last is the 404 page.
 */
import { readContentStore } from "../../server/content.server";
import { Link } from "react-router";
import { NewsletterPrompt } from "../components/newsletter-prompt";
import { PageIntro } from "../components/page-intro";
import { ContentWidth } from "../components/ui/content-width";
import { formatLongDate } from "../lib/dates";
import { useFrameData } from "../lib/frame-data";
import { SITE_NAME } from "../../content/site";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule";
import { NEWSLETTER_FEED, buildMeta } from "../lib/meta";
import { listPublishedIssues } from "../lib/newsletters.server";
import { paginate, readPageNumber } from "../../core/pagination";
import { ListPager } from "../components/list-pager";
import { throwNotFound } from "../lib/route-guards.server";
import type { Route } from "./+types/newsletter-issues";

export async function loader({ request }: Route.LoaderArgs) {
  const sent = await listPublishedIssues(readContentStore(), Date.now());
  const issues = paginate(sent, readPageNumber(new URL(request.url).searchParams));
  if (!issues) throwNotFound();
  return { issues };
}

export const meta: Route.MetaFunction = (args) => [
  ...buildMeta(args, {
    title: "Past Issues",
    description: `Every edition of the ${SITE_NAME} newsletter so far: one practical money idea per issue.`,
    path: "/newsletter/issues",
    listPage: args.loaderData && { page: args.loaderData.issues.page, pageCount: args.loaderData.issues.pageCount },
  }),
  NEWSLETTER_FEED,
];

export default function NewsletterIssues({ loaderData }: Route.ComponentProps) {
  const { issues } = loaderData;
  const { nav } = useFrameData();
  return (
    <>
      <PageIntro eyebrow={`The ${SITE_NAME} newsletter`} title="Past Issues">
        <p>
          Every edition so far, newest first.{" "}
          <a href={NEWSLETTER_FEED.href} className="text-brand-700 underline underline-offset-4 dark:text-brand-400">
            RSS feed
          </a>
        </p>
      </PageIntro>

      <ContentWidth>
        {issues.total === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">The first issue arrives on {SEND_TIME_WORDS.when}.</p>
        ) : (
          <ol className="max-w-3xl divide-y divide-slate-200 dark:divide-slate-800">
            {issues.items.map((issue) => (
              <li key={issue.slug} className="py-6 first:pt-0">
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  <time dateTime={issue.sendAt}>{formatLongDate(issue.sendAt)}</time> · {issue.readMinutes} min read
                </p>
                <h2 className="mt-1 text-xl font-bold">
                  <Link to={`/newsletter/issues/${issue.slug}`} className="hover:underline">
                    {issue.title}
                  </Link>
                </h2>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{issue.preheader}</p>
              </li>
            ))}
          </ol>
        )}
        <ListPager
          path="/newsletter/issues"
          page={issues.page}
          pageCount={issues.pageCount}
          labels={{ previous: "Newer issues", next: "Older issues" }}
        />
      </ContentWidth>

      {nav.newsletter && (
        <ContentWidth className="mt-16">
          <NewsletterPrompt />
        </ContentWidth>
      )}
    </>
  );
}
