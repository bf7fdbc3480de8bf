/** `virtual:vpf/articles`, which only `*.server.ts` modules import so no client bundle carries an article body. */
import path from "node:path";
import type { Plugin } from "vite";
import { compileArticles } from "./compile-articles.ts";
import { validateContent } from "./validate-content.ts";

const VIRTUAL_ID = "virtual:vpf/articles";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** Creates the plugin; `root` is the repository root. */
export function articlesPlugin(root: string): Plugin {
  const articlesDir = path.join(root, "content", "articles");
  return {
    name: "vpf-articles",
    buildStart() {
      validateContent();
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(articlesDir);
      const articles = compileArticles(articlesDir, root);
      return `export default ${JSON.stringify(articles)};`;
    },
  };
}
