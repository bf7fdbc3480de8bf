/**
 * The content files of a build (decision 021): the catalogue, one file per article and per newsletter issue, and
 * their search indexes, at the paths of `content/content-files.ts`.
 */
import { createHash } from "node:crypto";
import type { Article } from "../article-schema.ts";
import type { NewsletterIssue } from "../newsletter-issue-schema.ts";
import { readPublishMs } from "../publication.ts";
import {
  CATALOGUE_PATH,
  CONTENT_HEAD_PATH,
  buildMomentsPath,
  ISSUE_SEARCH_INDEX_PATH,
  SEARCH_INDEX_PATH,
  buildArticlePath,
  buildIssuePath,
} from "../content-files.ts";
import { createSearchIndex, readPlainText, toArticleDocument } from "../search-engine.ts";

/** The newsletter issues' search index: title, preheader and the plain-text body (rule 3.8). */
export function createIssueSearchIndex(issues: readonly NewsletterIssue[]) {
  return createSearchIndex(
    issues.map((issue) => ({ id: issue.slug, title: issue.title, summary: issue.preheader, body: issue.text })),
  );
}

/** One article's file: the article, and its body as plain text for search snippets. */
export function writeArticleFile(article: Article): string {
  return JSON.stringify({ article, text: readPlainText(article.html) });
}

/** One issue's file. */
export function writeIssueFile(issue: NewsletterIssue): string {
  return JSON.stringify({ issue });
}

/** The articles' search index file (decision 020). */
export function writeArticleSearchIndex(articles: readonly Article[]): string {
  return JSON.stringify(createSearchIndex(articles.map(toArticleDocument)));
}

/** The catalogue's text: `articles` newest first and `issues` oldest first, without their bodies. */
export function writeCatalogue(
  version: string,
  preview: boolean,
  articles: readonly Article[],
  issues: readonly NewsletterIssue[],
): string {
  return JSON.stringify({
    version,
    preview,
    articles: articles.map(({ html: _html, ...summary }) => summary),
    issues: issues.map(({ html: _html, text: _text, ...summary }) => summary),
  });
}

/**
 * Every content file for `articles` (newest first) and `issues` (oldest send first), by request path (`/_content/…`)
 * to its JSON text. Scheduled items are in every file: the worker hides them until their moment (rule 3.1).
 */
export function buildContentFiles(
  articles: readonly Article[],
  issues: readonly NewsletterIssue[],
): Map<string, string> {
  const files = new Map<string, string>();
  for (const article of articles) {
    files.set(buildArticlePath(article.slug), writeArticleFile(article));
  }
  for (const issue of issues) files.set(buildIssuePath(issue.slug), writeIssueFile(issue));
  files.set(SEARCH_INDEX_PATH, writeArticleSearchIndex(articles));
  files.set(ISSUE_SEARCH_INDEX_PATH, JSON.stringify(createIssueSearchIndex(issues)));
  const hash = createHash("sha256");
  for (const [path, text] of files) hash.update(path).update("\0").update(text).update("\0");
  const version = hash.update(writeCatalogue("", false, articles, issues)).digest("hex").slice(0, 16);
  files.set(CATALOGUE_PATH, writeCatalogue(version, false, articles, issues));
  files.set(CONTENT_HEAD_PATH, writeContentHead(version, false));
  for (const [year, moments] of groupMomentsByYear(articles, issues)) {
    files.set(buildMomentsPath(year), JSON.stringify(moments));
  }
  return files;
}

/** The head file's text (`CONTENT_HEAD_PATH`). */
export function writeContentHead(version: string, preview: boolean): string {
  return JSON.stringify({ version, preview });
}

/** Every article's and issue's publication moment (ms), ascending, by UTC year (`buildMomentsPath`). */
export function groupMomentsByYear(
  articles: ReadonlyArray<Pick<Article, "publishedAt">>,
  issues: ReadonlyArray<Pick<NewsletterIssue, "sendAt">>,
): Map<number, number[]> {
  const byYear = new Map<number, number[]>();
  const moments = [
    ...articles.map((article) => readPublishMs(article.publishedAt)),
    ...issues.map((issue) => readPublishMs(issue.sendAt)),
  ];
  for (const moment of moments) {
    const year = new Date(moment).getUTCFullYear();
    const list = byYear.get(year);
    if (list) list.push(moment);
    else byYear.set(year, [moment]);
  }
  for (const list of byYear.values()) list.sort((a, b) => a - b);
  return byYear;
}
