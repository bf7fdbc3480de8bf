/**
 * Server-side access to the bundled newsletter issues (rule 6.2). An issue is published once its `sendAt` has
 * passed: only then do its web view, the sample on /newsletter, the feed and the sitemap show it.
 */
import issues from "virtual:vpf/newsletters";
import type { NewsletterIssue } from "../../content/newsletter-issue-schema";
import { isPublished } from "../../content/publication";
import type MiniSearch from "minisearch";
import { type SearchDocument, createSearchIndex, searchDocuments } from "../../content/search-engine";

/** An issue without its bodies: the index, the feed and the sitemap read these. */
export type NewsletterIssueSummary = Omit<NewsletterIssue, "html" | "text">;

/** The issues whose `sendAt` is at or before `now` (ms since epoch), newest first, without their bodies. */
export function listPublishedIssues(now: number): NewsletterIssueSummary[] {
  return issues
    .filter((issue) => isPublished(issue.sendAt, now))
    .map(({ html: _html, text: _text, ...summary }) => summary)
    .reverse();
}

/** The published issue with this slug, or `undefined` (unknown, or not sent yet at `now`, ms since epoch). */
export function findPublishedIssue(slug: string, now: number): NewsletterIssue | undefined {
  return issues.find((issue) => issue.slug === slug && isPublished(issue.sendAt, now));
}

/** The newest issue whose `sendAt` is at or before `now` (ms since epoch), or `undefined` before the first send. */
export function findLatestPublishedIssue(now: number): NewsletterIssue | undefined {
  return issues.findLast((issue) => isPublished(issue.sendAt, now));
}

let issueIndex: MiniSearch<SearchDocument> | undefined;

/** The issues published at `now` (ms since epoch) that match `query`, best first (rule 3.8); index built once per isolate. */
export function searchPublishedIssues(query: string, now: number): NewsletterIssueSummary[] {
  issueIndex ??= createSearchIndex(
    issues.map((issue) => ({ id: issue.slug, title: issue.title, summary: issue.preheader, body: issue.text })),
  );
  const published = new Map(listPublishedIssues(now).map((issue) => [issue.slug, issue]));
  return searchDocuments(issueIndex, query, (slug) => published.has(slug)).map(({ id }) => published.get(id)!);
}
