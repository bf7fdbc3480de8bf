/**
 * Server-side access to the bundled newsletter issues (rule 6.2). An issue is published once its `sendAt` has
 * passed: only then do its web view, the sample on /newsletter, the feed and the sitemap show it.
 */
import issues from "virtual:vpf/newsletters";
import type { NewsletterIssue } from "../../content/newsletter-issue-schema";
import { isPublished } from "../../content/publication";
import { type SearchableText, foldSearchText } from "./site-search";

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

/** Each issue's text as the site search reads it (rule 3.8), folded on first use: once per isolate, not per search. */
let searchTexts: Map<string, SearchableText> | undefined;

/** The issues published at `now` (ms since epoch), newest first, each with its text for the site search (rule 3.8). */
export function listSearchableIssues(now: number): Array<{ item: NewsletterIssueSummary; text: SearchableText }> {
  searchTexts ??= new Map(
    issues.map((issue) => [
      issue.slug,
      {
        title: foldSearchText(issue.title),
        summary: foldSearchText(issue.preheader),
        body: foldSearchText(issue.text),
      },
    ]),
  );
  return listPublishedIssues(now).map((item) => ({ item, text: searchTexts!.get(item.slug)! }));
}
