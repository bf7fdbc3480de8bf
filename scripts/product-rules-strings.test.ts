/**
 * Every UI string that docs/product-rules.md quotes ('Like This') occurs in
 * the site's code, so the document cannot drift from what visitors see.
 * `{placeholders}` stand for values filled in at run time: each literal part
 * between them must occur instead.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.join(import.meta.dirname, "..");
const SOURCE_FOLDERS = ["app", "core", "worker", "server", "content"];

/** The quoted strings of a Markdown text: between single quotes, outside code spans, not touching a letter. */
export function listQuotedStrings(markdown: string): string[] {
  const prose = markdown.replace(/`[^`\n]*`/g, "");
  const quoted = [...prose.matchAll(/(?<![\p{L}\p{N}])'(\S[^'\n]*?\S)'(?![\p{L}\p{N}])/gu)].map((match) => match[1]!);
  return [...new Set(quoted)];
}

/** The literal parts of a quoted string, split at `{placeholders}`; empty and one-character parts dropped. */
export function splitAtPlaceholders(quoted: string): string[] {
  return quoted
    .split(/\{[^}]+\}/)
    .map((part) => part.trim())
    .filter((part) => part.length > 1);
}

/** A TypeScript module's text with every comment blanked, so a string only a comment holds does not count. */
export function blankComments(fileName: string, text: string): string {
  const kind = fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map<number, number>();
  const visit = (node: ts.Node) => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.end) ?? []),
    ])
      ranges.set(range.pos, range.end);
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  let blanked = text;
  for (const [start, end] of ranges) blanked = blanked.slice(0, start) + " ".repeat(end - start) + blanked.slice(end);
  return blanked;
}

function readSources(): string {
  const texts: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(tsx?|md|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(full, "utf8");
        texts.push(/\.tsx?$/.test(entry.name) ? blankComments(entry.name, text) : text);
      }
    }
  };
  for (const folder of SOURCE_FOLDERS) walk(path.join(ROOT, folder));
  // JSX and HTML templates spell some characters as entities.
  return texts.join("\n").replaceAll("&amp;", "&").replaceAll("&apos;", "'").replaceAll("&quot;", '"');
}

describe("docs/product-rules.md", () => {
  const quoted = listQuotedStrings(readFileSync(path.join(ROOT, "docs/product-rules.md"), "utf8"));
  const sources = readSources();

  it("quotes UI strings", () => {
    expect(quoted.length).toBeGreaterThan(50);
  });

  it("quotes only UI strings that occur in the code", () => {
    const missing = quoted.filter((text) => !splitAtPlaceholders(text).every((part) => sources.includes(part)));
    expect(missing).toEqual([]);
  });
});

describe("blankComments", () => {
  it("blanks comments, JSX ones included, and keeps strings that look like them", () => {
    const text = 'const a = "// kept"; // gone\n/** gone too */ const b = <p>{/* gone */}https://kept</p>;';
    const blanked = blankComments("x.tsx", text);
    expect(blanked).toContain('"// kept"');
    expect(blanked).toContain("https://kept");
    expect(blanked).not.toContain("gone");
  });
});

describe("listQuotedStrings", () => {
  it("finds quoted strings but not apostrophes, code spans or a quote that is only one character", () => {
    expect(listQuotedStrings("Shows 'Added to Cart!' and the visitor's 'Go Back' but not `'self'` or '@'.")).toEqual([
      "Added to Cart!",
      "Go Back",
    ]);
  });
});
