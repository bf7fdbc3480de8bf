/** Build step for newsletter issues (rule 6.2): each body as HTML, like an article's, and as the mail's plain text. */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Token, Tokens } from "marked";
import { type NewsletterIssue, NewsletterIssueFrontMatterSchema } from "../newsletter-issue-schema.ts";
import { countReadMinutes } from "../publication.ts";
import { ContentError, createMarked, readFrontMatter } from "./compile-articles.ts";
import { reportDroppedMarkup, sanitizeContentHtml } from "./sanitize-content-html.ts";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Compiles one issue; the slug is the file name. Throws ContentError naming the file and the field. */
export function compileNewsletterIssue(filePath: string, source: string): NewsletterIssue {
  const slug = path.basename(filePath, ".md");
  if (!SLUG.test(slug)) throw new ContentError(`${filePath}: field "slug": the file name must be kebab-case`);
  const { frontMatter, body } = readFrontMatter(filePath, source, NewsletterIssueFrontMatterSchema);
  const marked = createMarked();
  const { html, dropped } = sanitizeContentHtml(marked.parse(body) as string, { scrollTables: false });
  reportDroppedMarkup(filePath, dropped);
  const text = renderBlocks(marked.lexer(body)).join("\n\n");
  if (text === "") throw new ContentError(`${filePath}: the issue has no body below its front matter`);
  const words = text.split(/\s+/).filter((word) => word !== "" && !word.startsWith("/") && !word.includes("://"));
  return {
    slug,
    title: frontMatter.title,
    preheader: frontMatter.preheader,
    sendAt: frontMatter.sendDate,
    html,
    text,
    readMinutes: countReadMinutes(words.length),
  };
}

/** Compiles a folder's `*.md` files, oldest send first; throws ContentError for a bad file or a shared send time. */
export function compileNewsletters(dir: string): NewsletterIssue[] {
  const issues = readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => {
      const filePath = path.join(dir, name);
      return compileNewsletterIssue(path.relative(process.cwd(), filePath), readFileSync(filePath, "utf8"));
    });
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const other = seen.get(issue.sendAt);
    // Two issues due at one moment would go out in the same run and tie for the newest on /newsletter.
    if (other) throw new ContentError(`${dir}: field "sendDate": ${other} and ${issue.slug} share ${issue.sendAt}`);
    seen.set(issue.sendAt, issue.slug);
  }
  return issues.sort((a, b) => a.sendAt.localeCompare(b.sendAt));
}

/** Block tokens as plain-text blocks; a block's link URLs follow it, one per line. */
function renderBlocks(tokens: readonly Token[]): string[] {
  return tokens.map(renderBlock).filter((block) => block !== "");
}

function renderBlock(token: Token): string {
  switch (token.type) {
    case "space":
    case "def":
      return "";
    case "hr":
      return "---";
    case "code":
      return (token as Tokens.Code).text;
    case "blockquote":
      return renderBlocks((token as Tokens.Blockquote).tokens)
        .join("\n\n")
        .split("\n")
        .map((line) => (line === "" ? ">" : `> ${line}`))
        .join("\n");
    case "list": {
      const list = token as Tokens.List;
      const first = typeof list.start === "number" ? list.start : 1;
      return list.items
        .map((item, index) => {
          const marker = list.ordered ? `${first + index}.` : "-";
          const [head = "", ...rest] = renderBlocks(item.tokens).join("\n").split("\n");
          return [`${marker} ${head}`, ...rest.map((line) => `  ${line}`)].join("\n");
        })
        .join("\n");
    }
    default: {
      const inline = "tokens" in token && Array.isArray(token.tokens) ? token.tokens : [];
      const urls: string[] = [];
      const line = inline.length > 0 ? renderInline(inline, urls) : String(token.raw ?? "").replace(/<[^>]*>/g, "");
      return [line.trim(), ...urls].filter((part) => part !== "").join("\n");
    }
  }
}

/** Inline tokens as text; each link's URL is added to `urls`. */
function renderInline(tokens: readonly Token[], urls: string[]): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case "link":
          urls.push((token as Tokens.Link).href);
          return renderInline((token as Tokens.Link).tokens, urls);
        case "image":
          return (token as Tokens.Image).text;
        case "br":
          return "\n";
        case "html":
        case "tag":
          return "";
        case "codespan":
        case "escape":
          return (token as Tokens.Codespan).text;
        default:
          if ("tokens" in token && Array.isArray(token.tokens)) return renderInline(token.tokens, urls);
          return "text" in token ? String(token.text) : "";
      }
    })
    .join("");
}
