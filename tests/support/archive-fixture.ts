/**
 * A generated archive for the worker tests of later pages: `ARCHIVE_ARTICLE_COUNT` articles (more than two list
 * pages in all, in one category and under one tag) and `ARCHIVE_ISSUE_COUNT` sent newsletter issues, written as an
 * owner writes them (`writeArchiveMarkdown`), then served by the built worker through a copy of its static files
 * whose content files hold this archive instead of the owner's (`prepareArchive`). Node only.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildContentFiles } from "../../content/build/content-output.ts";
import { compileArticles } from "../../content/build/compile-articles.ts";
import { compileNewsletters } from "../../content/build/compile-newsletters.ts";
import { CONTENT_PREFIX } from "../../content/content-files.ts";
import {
  ARCHIVE_ARTICLE_COUNT,
  ARCHIVE_CATEGORY,
  ARCHIVE_ISSUE_COUNT,
  ARCHIVE_MARKUP_SLUG,
  ARCHIVE_TAG,
} from "./archive-facts.ts";

export { ARCHIVE_ARTICLE_COUNT, ARCHIVE_CATEGORY, ARCHIVE_ISSUE_COUNT, ARCHIVE_MARKUP_SLUG, ARCHIVE_TAG };

/** Where the archive is written, below the checkout: its Markdown and the static files that serve it. */
export const ARCHIVE_ROOT = path.resolve(import.meta.dirname, "..", "..", ".wrangler", "archive-fixture");

/** The built worker's configuration over the archive's static files (`prepareArchive` writes it). */
export const ARCHIVE_CONFIG = path.resolve(import.meta.dirname, "..", "..", "build", "server", "wrangler.archive.json");

/** Other categories the rest of the archive spreads over. */
const OTHER_CATEGORIES = ["Personal Finance", "Trading", "Crypto", "AI"];

/** Enough words for an article (rule 3.1), numbered so no two bodies are alike. */
function writeBody(index: number): string {
  const paragraph = (part: number) =>
    `Part ${part} of note ${index}: a plan that survives a busy month is one written down before the month begins, ` +
    "with one number to move and a date to check it. Small habits repeated for years beat any clever trick tried " +
    "once, and the boring parts of money are where most of the progress hides.";
  return [1, 2, 3, 4, 5, 6, 7, 8]
    .map((part) => (part === 5 ? `## Section ${index}\n\n` : "") + paragraph(part))
    .join("\n\n");
}

/** A rate table of seven columns, wider than a phone's column, and raw HTML the build must drop. */
const MARKUP_SECTION = [
  "## Rates by term",
  "",
  "| Term | Rate today | Rate a year ago | Fee per year | Minimum deposit | Access | Protected up to |",
  "|---|--:|--:|--:|--:|---|--:|",
  "| Easy access | 4.10 % | 3.85 % | none | 1 | Same day, online or in branch | 85,000 |",
  "| Fixed one year | 4.60 % | 4.95 % | none | 500 | At the end of the term only | 85,000 |",
  "",
  '<meta http-equiv="refresh" content="0; url=https://elsewhere.test/">',
  "",
  '<img src="/images/articles/archive-note-001.webp" alt="A chart of rates" name="getElementsByTagName">',
].join("\n");

/** Article `index` (0 the newest) as Markdown: one a day back from 2025-12-31, at most one each day. */
function writeArticle(index: number): [slug: string, markdown: string] {
  const slug = `archive-note-${String(index + 1).padStart(3, "0")}`;
  const day = new Date(Date.UTC(2025, 11, 31 - index)).toISOString().slice(0, 10);
  // Three in four in the category and three in four under the tag, never the same three.
  const category = index % 4 === 3 ? OTHER_CATEGORIES[index % OTHER_CATEGORIES.length]! : ARCHIVE_CATEGORY;
  const tags = index % 4 === 0 ? ["habits"] : [ARCHIVE_TAG, "habits"];
  const markdown = [
    "---",
    `id: "${70000 + index}"`,
    `slug: "${slug}"`,
    `title: "Archive Note ${index + 1}: A Habit for the Long Game"`,
    `excerpt: "Note ${index + 1} of the generated archive, on one habit that compounds."`,
    'author: "Archive Writer"',
    `publishedAt: "${day}"`,
    `category: "${category}"`,
    `tags: ${JSON.stringify(tags)}`,
    "---",
    "",
    writeBody(index),
    ...(slug === ARCHIVE_MARKUP_SLUG ? ["", MARKUP_SECTION] : []),
    "",
  ].join("\n");
  return [slug, markdown];
}

/** Issue `index` (0 the oldest) as Markdown, sent one a week from 2025-01-05 at 07:00 UTC. */
function writeIssue(index: number): [slug: string, markdown: string] {
  const slug = `archive-letter-${String(index + 1).padStart(3, "0")}`;
  const sent = new Date(Date.UTC(2025, 0, 5 + 7 * index, 7)).toISOString().replace(/\.\d{3}Z$/, "Z");
  const markdown = [
    "---",
    `title: "Archive Letter ${index + 1}: One Idea This Week"`,
    `preheader: "Letter ${index + 1} of the generated archive."`,
    `sendDate: "${sent}"`,
    "---",
    "",
    `Good morning. Letter ${index + 1} holds one idea: write the plan down before the week begins.`,
    "",
  ].join("\n");
  return [slug, markdown];
}

/** Writes the archive's Markdown under `root/content/{articles,newsletters}`, anew, for the tests' compiled lists. */
export function writeArchiveMarkdown(root: string): void {
  const articlesDir = path.join(root, "content", "articles");
  const newslettersDir = path.join(root, "content", "newsletters");
  rmSync(path.join(root, "content"), { recursive: true, force: true });
  mkdirSync(articlesDir, { recursive: true });
  mkdirSync(newslettersDir, { recursive: true });
  for (let index = 0; index < ARCHIVE_ARTICLE_COUNT; index += 1) {
    const [slug, markdown] = writeArticle(index);
    writeFileSync(path.join(articlesDir, `${slug}.md`), markdown);
  }
  for (let index = 0; index < ARCHIVE_ISSUE_COUNT; index += 1) {
    const [slug, markdown] = writeIssue(index);
    writeFileSync(path.join(newslettersDir, `${slug}.md`), markdown);
  }
}

/**
 * Writes a copy of `build/client` under `root/client` whose `/_content/` files hold the archive of
 * `root/content` (`writeArchiveMarkdown`), and `build/server/{configName}` (`wrangler.archive.json` unless given),
 * which serves the built worker over that copy.
 *
 * @returns the path of that wrangler configuration.
 * @throws Error when `build/` is missing (`npm run build` first).
 */
export function prepareArchive(checkout: string, root: string, configName = path.basename(ARCHIVE_CONFIG)): string {
  const builtConfig = path.join(checkout, "build", "server", "wrangler.json");
  if (!existsSync(builtConfig)) throw new Error("build/server/wrangler.json is missing: build first");
  const client = path.join(root, "client");
  rmSync(client, { recursive: true, force: true });
  const prefix = CONTENT_PREFIX.replace(/^\/|\/$/g, "");
  cpSync(path.join(checkout, "build", "client"), client, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}${prefix}`),
  });
  const articles = compileArticles(path.join(root, "content", "articles"), { root: null });
  const files = buildContentFiles(articles, compileNewsletters(path.join(root, "content", "newsletters")));
  for (const [filePath, text] of files) {
    const target = path.join(client, filePath);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  // Beside the built one, so its other relative paths (the worker's modules, the migrations) still hold.
  const config = JSON.parse(readFileSync(builtConfig, "utf8")) as { assets: { directory: string } };
  config.assets.directory = path.relative(path.dirname(builtConfig), client);
  const configPath = path.join(path.dirname(builtConfig), configName);
  writeFileSync(configPath, JSON.stringify(config));
  return configPath;
}
