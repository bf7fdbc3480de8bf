import { listArticleHeadings } from "../article-headings.ts";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { categories } from "../categories";
import { ContentError, compileArticle, compileArticles } from "./compile-articles";

const GOOD_FRONT_MATTER = `---
id: "99"
slug: "a-good-article"
title: "A Good Article About Money"
excerpt: "An excerpt that is long enough to pass the check, describing what the article is about."
author: "VPF Team"
publishedAt: "2026-01-01"
readTime: "1 min read"
category: "Value"
tags: ["value"]
image: "/images/articles/a-good-article.webp"
imageAlt: "Cover art"
---
## Hello

Body with a [link](/blog).
`;

function withFrontMatter(replace: [string, string]): string {
  return GOOD_FRONT_MATTER.replace(replace[0], replace[1]);
}

describe("compileArticle", () => {
  it("renders Markdown to HTML with heading ids", () => {
    const article = compileArticle("content/articles/a-good-article.md", GOOD_FRONT_MATTER, null);
    expect(article.html).toContain('<h2 id="hello">Hello</h2>');
    expect(article.html).toContain('<a href="/blog">link</a>');
    expect(article.categorySlug).toBe("value");
  });

  it.each([
    ["publishedAt", ['publishedAt: "2026-01-01"', 'publishedAt: "next week"']],
    ["category", ['category: "Value"', 'category: "Gardening"']],
    ["readTime", ['readTime: "1 min read"', 'readTime: "quick"']],
    ["image", ['image: "/images/articles/a-good-article.webp"', 'image: "https://elsewhere.example/a.png"']],
    ["tags", ['tags: ["value"]', "tags: []"]],
    ["surprise", ['imageAlt: "Cover art"', 'imageAlt: "Cover art"\nsurprise: true']],
    ["updated", ['imageAlt: "Cover art"', 'imageAlt: "Cover art"\nupdated: "2026-13-01"']],
    ["updated", ['imageAlt: "Cover art"', 'imageAlt: "Cover art"\nupdated: "2025-12-31"']],
  ] as const)("rejects a bad %s, naming the file and the field", (field, replace) => {
    const run = () => compileArticle("content/articles/a-good-article.md", withFrontMatter([...replace]), null);
    expect(run).toThrow(ContentError);
    expect(run).toThrow(/content\/articles\/a-good-article\.md/);
    expect(run).toThrow(new RegExp(`field "${field}"`));
  });

  it("keeps an update date on or after the publish date", () => {
    const article = compileArticle(
      "content/articles/a-good-article.md",
      withFrontMatter(['imageAlt: "Cover art"', 'imageAlt: "Cover art"\nupdated: "2026-01-01"']),
      null,
    );
    expect(article.updated).toBe("2026-01-01");
  });

  it("lists the h2 headings with their h3s nested, as ids and plain texts", () => {
    const source = GOOD_FRONT_MATTER.replace(
      "## Hello\n",
      "### Before any section\n\n## Hello\n\n### Fish & _chips_\n\n#### Too deep\n\n### Second\n\n## Q&A: `code` \"quoted\"\n",
    );
    const article = compileArticle("content/articles/a-good-article.md", source, null);
    const headings = listArticleHeadings(article.html);
    expect(headings).toEqual([
      { id: "before-any-section", text: "Before any section" },
      {
        id: "hello",
        text: "Hello",
        children: [
          { id: "fish--chips", text: "Fish & chips" },
          { id: "second", text: "Second" },
        ],
      },
      { id: "qa-code-quoted", text: 'Q&A: code "quoted"' },
    ]);
    for (const heading of headings) expect(article.html).toContain(`id="${heading.id}"`);
  });

  it("rejects a file without front matter", () => {
    expect(() => compileArticle("x.md", "# Just text", null)).toThrow(/missing front matter/);
  });

  it("rejects a file whose name is not its slug", () => {
    expect(() => compileArticle("content/articles/other.md", GOOD_FRONT_MATTER, null)).toThrow(/field "slug"/);
  });

  it("rejects a missing cover image", () => {
    const root = mkdtempSync(path.join(tmpdir(), "vpf-root-"));
    expect(() => compileArticle("content/articles/a-good-article.md", GOOD_FRONT_MATTER, root)).toThrow(
      /field "image": no file at public\/images\/articles\/a-good-article\.webp/,
    );
  });

  it("fails a whole folder that holds one bad file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vpf-articles-"));
    writeFileSync(path.join(dir, "a-good-article.md"), withFrontMatter(['title: "A Good Article About Money"', "title: 42"]));
    expect(() => compileArticles(dir, null)).toThrow(/field "title"/);
  });
});

describe("the bundled articles", () => {
  const articles = compileArticles(path.resolve("content/articles"), path.resolve("."));

  it("are eight, in eight of the nine categories (rule 3.1), one author, distinct dates", () => {
    expect(articles).toHaveLength(8);
    expect(new Set(articles.map((a) => a.category))).toEqual(
      new Set(["Personal Finance", "Crypto", "Value", "Investing", "Trading", "Enterprising", "Freedom", "AI"]),
    );
    expect(new Set(articles.map((a) => a.author)).size).toBe(1);
    expect(new Set(articles.map((a) => a.publishedAt)).size).toBe(8);
  });

  it("are real articles: 600+ words, headings, a list and a link each", () => {
    for (const article of articles) {
      expect(article.wordCount, article.slug).toBeGreaterThanOrEqual(600);
      expect(article.html, article.slug).toMatch(/<h2 id="[^"]+">/);
      expect(listArticleHeadings(article.html).length, article.slug).toBeGreaterThanOrEqual(3);
      expect(article.html, article.slug).toMatch(/<(ul|ol)>/);
      expect(article.html, article.slug).toMatch(/<a href="\//);
    }
  });

  it("state honest read times (words / 200, rounded up, within a minute)", () => {
    for (const article of articles) {
      const minutes = Number.parseInt(article.readTime, 10);
      expect(Math.abs(minutes - Math.ceil(article.wordCount / 200)), article.slug).toBeLessThanOrEqual(1);
    }
  });

  it("link only to pages that exist", () => {
    const known = new Set([
      "/blog",
      "/disclaimer",
      ...categories.map((c) => c.href),
      ...articles.map((a) => `/blog/${a.slug}`),
    ]);
    for (const article of articles) {
      for (const [, href] of article.html.matchAll(/<a href="([^"]+)"/g)) {
        expect(known.has(href ?? ""), `${article.slug} links to ${href}`).toBe(true);
      }
    }
  });
});

describe("the bundled data", () => {
  it("categories and products pass their schemas", async () => {
    const { validateContent } = await import("./validate-content");
    expect(() => validateContent()).not.toThrow();
  });

  it("a bad product fails with the file and field named", async () => {
    const v = await import("valibot");
    const { ProductsSchema } = await import("../product-schema");
    const { products } = await import("../products");
    const broken = [{ ...products[0], variants: [{ ...products[0]!.variants[0], price_in_cents: -1 }] }];
    const result = v.safeParse(ProductsSchema, broken);
    expect(result.success).toBe(false);
    if (!result.success) expect(v.getDotPath(result.issues[0]!)).toBe("0.variants.0.price_in_cents");
  });
});
