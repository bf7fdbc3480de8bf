/**
 * `virtual:vpf/articles`, which only `*.server.ts` modules import so no client bundle carries an article body. The
 * dev server (`npm run dev`) compiles drafts too and exports `PREVIEW = true`, so the site lists drafts and
 * scheduled articles there, marked; every build leaves drafts out and exports `PREVIEW = false`.
 */
import path from "node:path";
import type { Plugin } from "vite";
import { createContentHotUpdate } from "./content-hot-update.ts";
import { checkArticleLinks, compileArticles } from "./compile-articles.ts";
import { validateContent } from "./validate-content.ts";

const VIRTUAL_ID = "virtual:vpf/articles";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** Creates the plugin; `root` is the repository root. */
export function articlesPlugin(root: string): Plugin {
  const articlesDir = path.join(root, "content", "articles");
  let preview = false;
  return {
    name: "vpf-articles",
    configResolved(config) {
      // Vitest serves modules too; its tests hold the built site, drafts left out.
      preview = config.command === "serve" && config.mode !== "test";
    },
    buildStart() {
      validateContent();
    },
    hotUpdate: createContentHotUpdate(articlesDir, RESOLVED_ID),
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(articlesDir);
      const articles = compileArticles(articlesDir, { root, drafts: preview });
      checkArticleLinks(
        articles.map((article) => ({ file: `content/articles/${article.slug}.md`, html: article.html })),
        articles,
      );
      return `export default ${JSON.stringify(articles)};\nexport const PREVIEW = ${preview};`;
    },
  };
}
