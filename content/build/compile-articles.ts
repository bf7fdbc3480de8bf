/** Build step for the articles (rule 3.1): checks `content/articles/*.md`, renders HTML with heading ids; Node only. */
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Marked } from "marked";
import { reportDroppedMarkup, sanitizeContentHtml } from "./sanitize-content-html.ts";
import { gfmHeadingId } from "marked-gfm-heading-id";
import * as v from "valibot";
import { parse as parseYaml } from "yaml";
import { ARTICLE_MIN_WORDS, type Article, ArticleFrontMatterSchema } from "../article-schema.ts";
import { categories } from "../categories.ts";
import { countReadMinutes } from "../publication.ts";
import { IMAGE_SOURCE_EXTENSIONS, hasImage } from "./image-sources.ts";
import { readProcessMemo } from "./process-memo.ts";

/** A content file that cannot be used; the message names the file and the field. */
export class ContentError extends Error {
  override name = "ContentError";
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Splits a Markdown file into front matter checked against `schema` and body; throws ContentError naming the field. */
export function readFrontMatter<TSchema extends v.GenericSchema>(
  filePath: string,
  source: string,
  schema: TSchema,
): { frontMatter: v.InferOutput<TSchema>; body: string } {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new ContentError(`${filePath}: missing front matter (a block between --- lines at the top)`);
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "");
  } catch (error) {
    throw new ContentError(`${filePath}: front matter is not valid YAML: ${(error as Error).message}`);
  }
  const result = v.safeParse(schema, data);
  if (!result.success) {
    const details = result.issues.map((issue) => describeIssue(issue, schema)).join("; ");
    throw new ContentError(`${filePath}: invalid front matter: ${details}`);
  }
  return { frontMatter: result.output, body: match[2] ?? "" };
}

/** The fields an object schema (or a pipe that starts with one) allows. */
function listAllowedFields(schema: v.GenericSchema): string[] {
  const object = "pipe" in schema ? (schema.pipe as v.GenericSchema[])[0] : schema;
  return object && "entries" in object ? Object.keys(object.entries as object) : [];
}

/** One line of a front matter error: the field, then what is wrong with it, naming what is allowed. */
function describeIssue(issue: v.BaseIssue<unknown>, schema: v.GenericSchema): string {
  const field = v.getDotPath(issue) ?? "(front matter)";
  // valibot reports an unknown key of a strict object as "Expected never".
  if (issue.expected === "never") {
    const computed = field === "readTime" ? "; the read time is computed from the words" : "";
    return `field "${field}": not a field of this file (allowed: ${listAllowedFields(schema).join(", ")})${computed}`;
  }
  if (issue.input === undefined && issue.kind === "schema") return `field "${field}": missing`;
  return `field "${field}": ${issue.message}`;
}

/** Markdown as the site renders it: GitHub flavour, headings with ids. */
export function createMarked(): Marked {
  return new Marked({ gfm: true, async: false }).use(gfmHeadingId());
}

/** Compiled articles by file and source, with whether the front matter names a photo: each once per process. */
const compiled = readProcessMemo<{ article: Article; namesPhoto: boolean }>("articles");

/**
 * Compiles one Markdown file; a file compiled earlier in this process from the same `source` is not compiled again
 * (a build compiles the archive for several plugins, and the dev server for every edit). With a `root`, a photo the
 * front matter names must exist under it.
 * @throws ContentError naming the file, the field and what is allowed.
 */
export function compileArticle(filePath: string, source: string, root: string | null): Article {
  const key = `${filePath}\0${createHash("sha256").update(source).digest("base64")}`;
  let entry = compiled.get(key);
  if (!entry) {
    entry = compileArticleAnew(filePath, source);
    compiled.set(key, entry);
  }
  const { article, namesPhoto } = entry;
  // Named on purpose, it must exist; left out, the slug's photo is used, else a cover is drawn for it.
  if (root !== null && namesPhoto && !hasImage(root, article.image)) {
    const name = path.basename(article.image, ".webp");
    throw new ContentError(
      `${filePath}: field "image": no photo for ${article.image}: put one at content/images/articles/${name}` +
        `{${IMAGE_SOURCE_EXTENSIONS.join(",")}}, or leave the field out for the slug's photo or a drawn cover`,
    );
  }
  return article;
}

function compileArticleAnew(filePath: string, source: string): { article: Article; namesPhoto: boolean } {
  const { frontMatter, body } = readFrontMatter(filePath, source, ArticleFrontMatterSchema);
  const expectedName = `${frontMatter.slug}.md`;
  if (path.basename(filePath) !== expectedName) {
    throw new ContentError(`${filePath}: field "slug": the file name must be ${expectedName}`);
  }
  const image = frontMatter.image ?? `/images/articles/${frontMatter.slug}.webp`;
  const { html, dropped } = sanitizeContentHtml(createMarked().parse(body) as string, { scrollTables: true });
  reportDroppedMarkup(filePath, dropped);
  const wordCount = body.split(/\s+/).filter(Boolean).length;
  if (wordCount < ARTICLE_MIN_WORDS) {
    throw new ContentError(`${filePath}: the body has ${wordCount} words; an article needs at least ${ARTICLE_MIN_WORDS}`);
  }
  const category = categories.find((c) => c.title === frontMatter.category);
  const article = {
    ...frontMatter,
    image,
    imageAlt: frontMatter.imageAlt ?? `${frontMatter.category}: ${frontMatter.title}`,
    readTime: `${countReadMinutes(wordCount)} min read`,
    categorySlug: category?.slug ?? "",
    html,
    wordCount,
  };
  return { article, namesPhoto: frontMatter.image !== undefined };
}

/** Whether a Markdown file's front matter says `draft: true`, read before anything else in it is checked. */
function isDraftSource(source: string): boolean {
  const block = FRONT_MATTER.exec(source)?.[1];
  if (block === undefined) return false;
  try {
    return (parseYaml(block) as { draft?: unknown } | null)?.draft === true;
  } catch {
    return false;
  }
}

/**
 * Compiles a folder's `*.md` files, newest first; `root` resolves photos (`null`: unchecked), drafts only with `drafts`.
 * @throws ContentError for a bad file, or an id or slug two files share.
 */
export function compileArticles(articlesDir: string, options: { root: string | null; drafts?: boolean }): Article[] {
  const articles = readdirSync(articlesDir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => ({ filePath: path.join(articlesDir, name), source: readFileSync(path.join(articlesDir, name), "utf8") }))
    // A draft is work in progress (no photo yet, a few words): only the preview, which shows it, checks it.
    .filter(({ source }) => options.drafts || !isDraftSource(source))
    .map(({ filePath, source }) => compileArticle(path.relative(process.cwd(), filePath), source, options.root));
  for (const key of ["id", "slug"] as const) {
    const seen = new Set<string>();
    for (const article of articles) {
      if (seen.has(article[key])) throw new ContentError(`content/articles: field "${key}": "${article[key]}" is used twice`);
      seen.add(article[key]);
    }
  }
  return articles.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

/**
 * Checks every `/blog/{slug}` link in `bodies` names one of `articles` (not a left-out draft), so none leads to a 404.
 * @throws ContentError naming the file and the link.
 */
export function checkArticleLinks(bodies: ReadonlyArray<{ file: string; html: string }>, articles: readonly Article[]) {
  const known = new Set(articles.map((article) => `/blog/${article.slug}`));
  for (const { file, html } of bodies) {
    for (const [, href] of html.matchAll(/<a href="(\/blog\/[^"#?]+)/g)) {
      if (!known.has(href!)) throw new ContentError(`${file}: links to ${href}, which is not an article in this build`);
    }
  }
}
