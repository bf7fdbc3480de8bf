/**
 * `virtual:vpf/articles`, imported only by `*.server.ts` modules so no client bundle carries an article body. The dev
 * server compiles drafts too and exports `PREVIEW = true`, so drafts and scheduled articles show there, marked.
 * `SEARCH_INDEX` is the articles' search index, built here so no request builds it (decision 020).
 */
import path from "node:path";
import type { Plugin } from "vite";
import { createSearchIndex, toArticleDocument } from "../search-engine.ts";
import { checkArticleLinks, compileArticles } from "./compile-articles.ts";
import { contentModuleHooks, isDevPreview } from "./content-module.ts";
import { validateContent } from "./validate-content.ts";

/** Creates the plugin; `root` is the repository root. */
export function articlesPlugin(root: string): Plugin {
  const articlesDir = path.join(root, "content", "articles");
  let preview = false;
  return {
    name: "vpf-articles",
    configResolved(config) {
      preview = isDevPreview(config);
    },
    buildStart() {
      validateContent();
    },
    ...contentModuleHooks("virtual:vpf/articles", articlesDir, () => {
      const articles = compileArticles(articlesDir, { root, drafts: preview });
      checkArticleLinks(
        articles.map((article) => ({ file: `content/articles/${article.slug}.md`, html: article.html })),
        articles,
      );
      // Scheduled articles are indexed too; the server drops them from results until their moment (rule 3.1).
      const index = JSON.stringify(createSearchIndex(articles.map(toArticleDocument)));
      return [
        `export default ${JSON.stringify(articles)};`,
        `export const PREVIEW = ${preview};`,
        `export const SEARCH_INDEX = ${JSON.stringify(index)};`,
      ].join("\n");
    }),
  };
}
