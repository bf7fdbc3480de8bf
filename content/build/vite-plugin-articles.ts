/**
 * The articles' content files (decision 021): a build writes them among the static files under `/_content/`, and
 * the dev server answers the same paths from the Markdown as it is now, drafts included and marked (`preview`), so
 * the worker reads them through its `ASSETS` binding in both. `virtual:vpf/articles` (the compiled list) is for the
 * worker tests, which compare pages with the articles; no worker or app module imports it.
 */
import path from "node:path";
import type { Plugin } from "vite";
import type { Article } from "../article-schema.ts";
import { CATALOGUE_PATH, CONTENT_PREFIX, SEARCH_INDEX_PATH, buildArticlePath } from "../content-files.ts";
import { readPlainText, createSearchIndex, toArticleDocument } from "../search-engine.ts";
import { checkArticleLinks, compileArticles } from "./compile-articles.ts";
import { buildContentFiles } from "./content-output.ts";
import { contentModuleHooks, isDevPreview } from "./content-module.ts";
import { validateContent } from "./validate-content.ts";

/** Compiles the articles of `articlesDir` and checks their links to each other. */
function compileCheckedArticles(articlesDir: string, root: string, drafts: boolean): Article[] {
  const articles = compileArticles(articlesDir, { root, drafts });
  checkArticleLinks(
    articles.map((article) => ({ file: `content/articles/${article.slug}.md`, html: article.html })),
    articles,
  );
  return articles;
}

/**
 * The dev server's answers for `/_content/…`: compiled again after a change under `articlesDir` (each article only
 * when its file changed, `compileArticle`'s memo), the search index only when asked for.
 */
function createDevContent(articlesDir: string, root: string) {
  let generation = 1;
  let built: { generation: number; articles: Article[]; catalogue: string; index?: string } | undefined;
  const read = () => {
    if (built?.generation !== generation) {
      const articles = compileCheckedArticles(articlesDir, root, true);
      const summaries = articles.map(({ html: _html, ...summary }) => summary);
      const version = generation.toString(16).padStart(8, "0");
      built = { generation, articles, catalogue: JSON.stringify({ version, preview: true, articles: summaries }) };
    }
    return built;
  };
  return {
    invalidate: () => (generation += 1),
    /** The file at `pathname`, or `undefined` when there is none. */
    readFile(pathname: string): string | undefined {
      const current = read();
      if (pathname === CATALOGUE_PATH) return current.catalogue;
      if (pathname === SEARCH_INDEX_PATH) {
        return (current.index ??= JSON.stringify(createSearchIndex(current.articles.map(toArticleDocument))));
      }
      const article = current.articles.find((candidate) => buildArticlePath(candidate.slug) === pathname);
      return article && JSON.stringify({ article, text: readPlainText(article.html) });
    },
  };
}

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
    generateBundle() {
      // The client build's output is the static files the `ASSETS` binding serves.
      if (this.environment.name !== "client" || preview) return;
      for (const [filePath, source] of buildContentFiles(compileCheckedArticles(articlesDir, root, false), false)) {
        this.emitFile({ type: "asset", fileName: filePath.slice(1), source });
      }
    },
    configureServer(server) {
      const content = createDevContent(articlesDir, root);
      server.watcher.on("all", (_event, file) => {
        if (file.startsWith(articlesDir + path.sep)) content.invalidate();
      });
      server.middlewares.use((request, response, next) => {
        const pathname = new URL(request.url ?? "/", "http://dev.invalid").pathname;
        if (!pathname.startsWith(CONTENT_PREFIX)) return next();
        try {
          const file = content.readFile(pathname);
          response.statusCode = file === undefined ? 404 : 200;
          response.setHeader("content-type", "application/json; charset=utf-8");
          response.end(file ?? "null");
        } catch (error) {
          next(error);
        }
      });
    },
    ...contentModuleHooks("virtual:vpf/articles", articlesDir, () => {
      const articles = compileCheckedArticles(articlesDir, root, preview);
      return [`export default ${JSON.stringify(articles)};`, `export const PREVIEW = ${preview};`].join("\n");
    }),
  };
}
