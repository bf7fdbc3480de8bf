/**
 * The content files of a build or of the dev server (decision 021): the catalogue, one file per article and the
 * search index, at the paths of `content/content-files.ts`.
 */
import { createHash } from "node:crypto";
import type { Article } from "../article-schema.ts";
import { CATALOGUE_PATH, SEARCH_INDEX_PATH, buildArticlePath } from "../content-files.ts";
import { createSearchIndex, readPlainText, toArticleDocument } from "../search-engine.ts";

/**
 * Every content file for `articles` (newest first), by request path (`/_content/…`) to its JSON text. `preview` marks
 * the dev server's files, which list drafts and scheduled articles. Scheduled articles are in every file: the worker
 * hides them until their moment (rule 3.1).
 */
export function buildContentFiles(articles: readonly Article[], preview: boolean): Map<string, string> {
  const files = new Map<string, string>();
  for (const article of articles) {
    files.set(buildArticlePath(article.slug), JSON.stringify({ article, text: readPlainText(article.html) }));
  }
  files.set(SEARCH_INDEX_PATH, JSON.stringify(createSearchIndex(articles.map(toArticleDocument))));
  const hash = createHash("sha256");
  for (const [path, text] of files) hash.update(path).update("\0").update(text).update("\0");
  const summaries = articles.map(({ html: _html, ...summary }) => summary);
  const catalogue = JSON.stringify({ version: "", preview, articles: summaries });
  const version = hash.update(catalogue).digest("hex").slice(0, 16);
  files.set(CATALOGUE_PATH, JSON.stringify({ version, preview, articles: summaries }));
  return files;
}
