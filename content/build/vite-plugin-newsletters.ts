/**
 * Checks the newsletter issues at the build's start, and `virtual:vpf/newsletters` (the compiled issues) for the
 * worker tests; the worker reads the issues from its content files (`vite-plugin-articles.ts`, decision 021).
 */
import path from "node:path";
import type { Plugin } from "vite";
import { checkArticleLinks, compileArticles } from "./compile-articles.ts";
import { compileNewsletters } from "./compile-newsletters.ts";
import { contentModuleHooks, isDevPreview } from "./content-module.ts";

/** Creates the plugin; `root` is the repository root. */
export function newslettersPlugin(root: string): Plugin {
  const newslettersDir = path.join(root, "content", "newsletters");
  let preview = false;
  return {
    name: "vpf-newsletters",
    configResolved(config) {
      // The dev server previews drafts, so an issue may link to one there.
      preview = isDevPreview(config);
    },
    buildStart() {
      // A bad issue, or one linking to an article the build leaves out, fails the build at its start.
      const articles = compileArticles(path.join(root, "content", "articles"), { root: null, drafts: preview });
      const issues = compileNewsletters(newslettersDir);
      checkArticleLinks(
        issues.map((issue) => ({ file: `content/newsletters/${issue.slug}.md`, html: issue.html })),
        articles,
      );
    },
    ...contentModuleHooks(
      "virtual:vpf/newsletters",
      newslettersDir,
      () => `export default ${JSON.stringify(compileNewsletters(newslettersDir))};`,
    ),
  };
}
