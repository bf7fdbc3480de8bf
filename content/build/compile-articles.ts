/** Build step for the articles (rule 3.1): checks `content/articles/*.md`, renders HTML with heading ids; Node only. */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Marked } from "marked";
import { gfmHeadingId } from "marked-gfm-heading-id";
import * as v from "valibot";
import { parse as parseYaml } from "yaml";
import { type Article, ArticleFrontMatterSchema } from "../article-schema.ts";
import { categories } from "../categories.ts";
import { hasImage } from "./image-sources.ts";

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
    const details = result.issues
      .map((issue) => `field "${v.getDotPath(issue) ?? "(front matter)"}": ${issue.message}`)
      .join("; ");
    throw new ContentError(`${filePath}: invalid front matter: ${details}`);
  }
  return { frontMatter: result.output, body: match[2] ?? "" };
}

/** Markdown as the site renders it: GitHub flavour, headings with ids. */
export function createMarked(): Marked {
  return new Marked({ gfm: true, async: false }).use(gfmHeadingId());
}

/** Compiles one Markdown file (`root` resolves `image`, `null` skips that); throws ContentError naming the field. */
export function compileArticle(filePath: string, source: string, root: string | null): Article {
  const { frontMatter, body } = readFrontMatter(filePath, source, ArticleFrontMatterSchema);
  const expectedName = `${frontMatter.slug}.md`;
  if (path.basename(filePath) !== expectedName) {
    throw new ContentError(`${filePath}: field "slug": file name must be ${expectedName}`);
  }
  if (root !== null && !hasImage(root, frontMatter.image)) {
    throw new ContentError(
      `${filePath}: field "image": no file at public${frontMatter.image} and no source for it in content/images/`,
    );
  }
  const html = createMarked().parse(body) as string;
  const category = categories.find((c) => c.title === frontMatter.category);
  return {
    ...frontMatter,
    categorySlug: category?.slug ?? "",
    html,
    wordCount: body.split(/\s+/).filter(Boolean).length,
  };
}

/** Compiles every `*.md` file in a folder, newest first; throws ContentError for a bad file or a shared id or slug. */
export function compileArticles(articlesDir: string, root: string | null): Article[] {
  const files = readdirSync(articlesDir)
    .filter((name) => name.endsWith(".md"))
    .sort();
  const articles = files.map((name) => {
    const filePath = path.join(articlesDir, name);
    return compileArticle(path.relative(process.cwd(), filePath), readFileSync(filePath, "utf8"), root);
  });
  for (const key of ["id", "slug"] as const) {
    const seen = new Set<string>();
    for (const article of articles) {
      if (seen.has(article[key])) throw new ContentError(`content/articles: field "${key}": "${article[key]}" is used twice`);
      seen.add(article[key]);
    }
  }
  return articles.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}
