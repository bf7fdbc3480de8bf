/** The shape of a newsletter issue (rule 6.2), shared by the build step, the site, the worker and the mail. */
import * as v from "valibot";

/** Whether `YYYY-MM-DDTHH:MM:SSZ` names a moment that exists (no 30 February, no hour 24). */
function isRealDateTime(text: string): boolean {
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString() === text.replace("Z", ".000Z");
}

/** Front matter of one `content/newsletters/*.md` file, checked at build time; the slug is the file name. */
export const NewsletterIssueFrontMatterSchema = v.strictObject({
  title: v.pipe(v.string(), v.minLength(10), v.maxLength(120)),
  preheader: v.pipe(v.string(), v.nonEmpty(), v.maxLength(150, "preheader must be at most 150 characters")),
  sendDate: v.pipe(
    v.string(),
    v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, "sendDate must be a UTC date-time written YYYY-MM-DDTHH:MM:SSZ"),
    v.check(isRealDateTime, "sendDate is not a real date-time"),
  ),
});

/** An issue as the site, the worker and the mail use it. */
export interface NewsletterIssue {
  /** The file name without `.md`, kebab-case. */
  slug: string;
  title: string;
  preheader: string;
  /** When the issue goes out and its web view opens: ISO 8601 UTC as in the front matter, `2026-11-29T07:00:00Z`. */
  sendAt: string;
  /** Body HTML, rendered at build time from our own Markdown; links are site-relative (`/blog/x`) or absolute. */
  html: string;
  /** Body as plain text: paragraphs split by blank lines, each link's URL on a line of its own, as written. */
  text: string;
  /** Honest read time in whole minutes (`countReadMinutes` in content/publication.ts). */
  readMinutes: number;
}
