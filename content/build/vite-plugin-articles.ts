/**
 * The content files (decision 021), articles and newsletter issues: a build writes them among the static files under
 * `/_content/`, and the dev server answers the same paths from the Markdown as it is now, drafts included and marked
 * (`preview`), so the worker reads them through its `ASSETS` binding in both. `virtual:vpf/articles` (the compiled list) is for the
 * worker tests, which compare pages with the articles; no worker or app module imports it.
 */
import path from "node:path";
import type { Plugin } from "vite";
import type { Article } from "../article-schema.ts";
import {
  CATALOGUE_PATH,
  CONTENT_HEAD_PATH,
  CONTENT_PREFIX,
  ISSUE_SEARCH_INDEX_PATH,
  SEARCH_INDEX_PATH,
  buildArticlePath,
  buildIssuePath,
} from "../content-files.ts";
import type { NewsletterIssue } from "../newsletter-issue-schema.ts";
import { checkArticleLinks, compileArticles } from "./compile-articles.ts";
import { compileNewsletters } from "./compile-newsletters.ts";
import {
  buildContentFiles,
  groupMomentsByYear,
  createIssueSearchIndex,
  writeArticleFile,
  writeArticleSearchIndex,
  writeCatalogue,
  writeContentHead,
  writeIssueFile,
} from "./content-output.ts";
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

/** What the dev server compiled at one generation of the content folders. */
interface DevContent {
  generation: number;
  version: string;
  articles: Article[];
  issues: NewsletterIssue[];
  catalogue: string;
  index?: string;
  issueIndex?: string;
}

/**
 * The dev server's answers for `/_content/…`: compiled again after a change under the content folders (each article
 * only when its file changed, `compileArticle`'s memo), a search index only when asked for.
 */
function createDevContent(articlesDir: string, newslettersDir: string, root: string) {
  let generation = 1;
  let built: DevContent | undefined;
  const read = () => {
    if (built?.generation !== generation) {
      const articles = compileCheckedArticles(articlesDir, root, true);
      const issues = compileNewsletters(newslettersDir);
      const version = generation.toString(16).padStart(8, "0");
      built = { generation, version, articles, issues, catalogue: writeCatalogue(version, true, articles, issues) };
    }
    return built;
  };
  return {
    invalidate: () => (generation += 1),
    /** The file at `pathname`, or `undefined` when there is none. */
    readFile(pathname: string): string | undefined {
      const current = read();
      if (pathname === CATALOGUE_PATH) return current.catalogue;
      if (pathname === CONTENT_HEAD_PATH) return writeContentHead(current.version, true);
      const year = /^\/_content\/moments\/(\d{4})\.json$/.exec(pathname)?.[1];
      if (year !== undefined) {
        const moments = groupMomentsByYear(current.articles, current.issues).get(Number(year));
        return moments && JSON.stringify(moments);
      }
      if (pathname === SEARCH_INDEX_PATH) {
        return (current.index ??= writeArticleSearchIndex(current.articles));
      }
      if (pathname === ISSUE_SEARCH_INDEX_PATH) {
        return (current.issueIndex ??= JSON.stringify(createIssueSearchIndex(current.issues)));
      }
      const issue = current.issues.find((candidate) => buildIssuePath(candidate.slug) === pathname);
      if (issue) return writeIssueFile(issue);
      const article = current.articles.find((candidate) => buildArticlePath(candidate.slug) === pathname);
      return article && writeArticleFile(article);
    },
  };
}

/** Creates the plugin; `root` is the repository root. */
export function articlesPlugin(root: string): Plugin {
  const articlesDir = path.join(root, "content", "articles");
  const newslettersDir = path.join(root, "content", "newsletters");
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
      const articles = compileCheckedArticles(articlesDir, root, false);
      for (const [filePath, source] of buildContentFiles(articles, compileNewsletters(newslettersDir))) {
        this.emitFile({ type: "asset", fileName: filePath.slice(1), source });
      }
    },
    configureServer(server) {
      const content = createDevContent(articlesDir, newslettersDir, root);
      server.watcher.on("all", (_event, file) => {
        if ([articlesDir, newslettersDir].some((dir) => file.startsWith(dir + path.sep))) content.invalidate();
      });
      // After Vite's own middlewares, the worker's among them: a visitor's request for `/_content/…` reaches the
      // worker, which refuses it as in production; only the `ASSETS` binding's own requests fall through to here.
      return () => {
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
      };
    },
    ...contentModuleHooks("virtual:vpf/articles", articlesDir, () => {
      const articles = compileCheckedArticles(articlesDir, root, preview);
      return [`export default ${JSON.stringify(articles)};`, `export const PREVIEW = ${preview};`].join("\n");
    }),
  };
}
