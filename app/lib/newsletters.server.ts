/**
 * Server-side access to the newsletter issues (rule 6.2), read from the deployment's content files (`ContentStore`,
 * decision 021). An issue is published once its `sendAt` has passed: only then do its web view, the sample on
 * /newsletter, the feed and the sitemap show it.
 */
import type { ContentStore, NewsletterIssueSummary } from "../../content/content-store.server";
import type { NewsletterIssue } from "../../content/newsletter-issue-schema";
import { isPublished } from "../../content/publication";
import { searchDocuments } from "../../content/search-engine";

export type { NewsletterIssueSummary } from "../../content/content-store.server";

/** The issues whose `sendAt` is at or before `now` (ms since epoch), newest first, without their bodies. */
export async function listPublishedIssues(content: ContentStore, now: number): Promise<NewsletterIssueSummary[]> {
  const { issues } = await content.readCatalogue();
  return issues.filter((issue) => isPublished(issue.sendAt, now)).reverse();
}

/** The published issue with this slug, or `undefined` (unknown, or not sent yet at `now`, ms since epoch). */
export async function findPublishedIssue(
  content: ContentStore,
  slug: string,
  now: number,
): Promise<NewsletterIssue | undefined> {
  const { issues } = await content.readCatalogue();
  // The catalogue decides first, so an issue still to go out is never read for a visitor.
  const summary = issues.find((issue) => issue.slug === slug && isPublished(issue.sendAt, now));
  return summary && content.readIssue(summary.slug);
}

/** The newest issue whose `sendAt` is at or before `now` (ms since epoch), or `undefined` before the first send. */
export async function findLatestPublishedIssue(
  content: ContentStore,
  now: number,
): Promise<NewsletterIssue | undefined> {
  const { issues } = await content.readCatalogue();
  const latest = issues.findLast((issue) => isPublished(issue.sendAt, now));
  return latest && content.readIssue(latest.slug);
}

/** The issues published at `now` (ms since epoch) that match `query`, best first (rule 3.8). */
export async function searchPublishedIssues(
  content: ContentStore,
  query: string,
  now: number,
): Promise<NewsletterIssueSummary[]> {
  const published = new Map((await listPublishedIssues(content, now)).map((issue) => [issue.slug, issue]));
  const index = await content.readIssueSearchIndex();
  return searchDocuments(index, query, (slug) => published.has(slug)).hits.map(({ id }) => published.get(id)!);
}
