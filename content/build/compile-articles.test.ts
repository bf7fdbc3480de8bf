import { listArticleHeadings } from "../article-headings.ts";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ContentError, checkArticleLinks, compileArticle, compileArticles } from "./compile-articles";

const GOOD_FRONT_MATTER = `---
id: "99"
slug: "a-good-article"
title: "A Good Article About Money"
excerpt: "An excerpt that is long enough to pass the check, describing what the article is about."
author: "VPF Team"
publishedAt: "2026-01-01"
category: "Value"
tags: ["value"]
image: "/images/articles/a-good-article.webp"
imageAlt: "Cover art"
---
## Hello

Body with a [link](/blog).

${"Enough words for an article body. ".repeat(60)}
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
    ["readTime", ['imageAlt: "Cover art"', 'imageAlt: "Cover art"\nreadTime: "1 min read"']],
    ["draft", ['imageAlt: "Cover art"', 'imageAlt: "Cover art"\ndraft: "yes"']],
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

  it("rejects a named image with no photo, naming the formats and the path to put it at", () => {
    const root = mkdtempSync(path.join(tmpdir(), "vpf-root-"));
    expect(() => compileArticle("content/articles/a-good-article.md", GOOD_FRONT_MATTER, root)).toThrow(
      /field "image": no photo for \/images\/articles\/a-good-article\.webp: put one at content\/images\/articles\/a-good-article\{\.jpg,\.jpeg,\.png,\.webp,\.avif,\.svg\}/,
    );
  });

  it("compiles an unchanged file once however often it is asked, still checking its named photo each time", () => {
    const file = "content/articles/a-good-article.md";
    const source = withFrontMatter(["## Hello", "## Hello once"]);
    const first = compileArticle(file, source, null);
    expect(compileArticle(file, source, null)).toBe(first);
    const changed = compileArticle(file, source.replace("Body with", "A changed body with"), null);
    expect(changed).not.toBe(first);
    expect(changed.html).toContain("A changed body with");
    const root = mkdtempSync(path.join(tmpdir(), "vpf-root-"));
    expect(() => compileArticle(file, source, root)).toThrow(/field "image": no photo/);
  });

  it("without an image field, takes the slug's photo in any accepted format, else a drawn cover", () => {
    const root = mkdtempSync(path.join(tmpdir(), "vpf-root-"));
    const source = withFrontMatter(['image: "/images/articles/a-good-article.webp"\n', ""]);
    const drawn = compileArticle("content/articles/a-good-article.md", source, root);
    expect(drawn.image).toBe("/images/articles/a-good-article.webp");
    mkdirSync(path.join(root, "content", "images", "articles"), { recursive: true });
    writeFileSync(path.join(root, "content", "images", "articles", "a-good-article.jpg"), "");
    expect(compileArticle("content/articles/a-good-article.md", source, root).image).toBe(drawn.image);
    const named = withFrontMatter(['image: "/images/articles/a-good-article.webp"', 'image: "/images/articles/a-good-article.webp"']);
    expect(compileArticle("content/articles/a-good-article.md", named, root).image).toBe(drawn.image);
  });

  it("fails a whole folder that holds one bad file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vpf-articles-"));
    writeFileSync(path.join(dir, "a-good-article.md"), withFrontMatter(['title: "A Good Article About Money"', "title: 42"]));
    expect(() => compileArticles(dir, { root: null })).toThrow(/field "title"/);
  });
});

describe("checkArticleLinks", () => {
  it("lets links to built articles pass and names the file and the link of any other", () => {
    const article = compileArticle("content/articles/a-good-article.md", GOOD_FRONT_MATTER, null);
    const body = (href: string) => ({ file: "content/newsletters/x.md", html: `<p><a href="${href}">read</a></p>` });
    expect(() => checkArticleLinks([body("/blog/a-good-article"), body("/blog/a-good-article#part")], [article])).not.toThrow();
    expect(() => checkArticleLinks([body("/blog/a-draft")], [article])).toThrow(
      /content\/newsletters\/x\.md: links to \/blog\/a-draft, which is not an article in this build/,
    );
  });
});

describe("compileArticles", () => {
  /** A folder holding the good article under `slug`, with `extra` front matter lines. */
  function writeArticles(entries: Array<[slug: string, id: string, extra: string]>): string {
    const dir = mkdtempSync(path.join(tmpdir(), "vpf-articles-"));
    for (const [slug, id, extra] of entries) {
      const source = GOOD_FRONT_MATTER.replaceAll("a-good-article", slug)
        .replace('id: "99"', `id: "${id}"`)
        .replace('imageAlt: "Cover art"', `imageAlt: "Cover art"${extra}`);
      writeFileSync(path.join(dir, `${slug}.md`), source);
    }
    return dir;
  }

  it("leaves drafts out unless asked to keep them", () => {
    const dir = writeArticles([
      ["kept", "1", ""],
      ["drafted", "2", "\ndraft: true"],
      ["not-drafted", "3", "\ndraft: false"],
    ]);
    expect(compileArticles(dir, { root: null }).map((article) => article.slug)).toEqual(["kept", "not-drafted"]);
    expect(compileArticles(dir, { root: null, drafts: true })).toHaveLength(3);
  });

  it("does not check a draft left out (no photo yet, a few words), but the preview does", () => {
    const dir = writeArticles([["kept", "1", ""]]);
    writeFileSync(
      path.join(dir, "unfinished.md"),
      '---\nslug: "unfinished"\ndraft: true\nimage: "/images/articles/not-yet.webp"\n---\n\nA few words.\n',
    );
    expect(compileArticles(dir, { root: null }).map((article) => article.slug)).toEqual(["kept"]);
    expect(() => compileArticles(dir, { root: null, drafts: true })).toThrow(/unfinished\.md/);
  });

  it("refuses two files with one id, naming the id", () => {
    const dir = writeArticles([
      ["first", "7", ""],
      ["second", "7", ""],
    ]);
    expect(() => compileArticles(dir, { root: null })).toThrow(/field "id": "7" is used twice/);
  });

  it("computes the read time from the words: over 200 a minute, rounded up", () => {
    const article = compileArticle("content/articles/a-good-article.md", GOOD_FRONT_MATTER, null);
    expect(article.readTime).toBe(`${Math.ceil(article.wordCount / 200)} min read`);
  });

  it("names what is allowed when a field is unknown, and says the read time is computed", () => {
    const run = () =>
      compileArticle(
        "content/articles/a-good-article.md",
        withFrontMatter(['imageAlt: "Cover art"', 'imageAlt: "Cover art"\nreadTime: "9 min read"']),
        null,
      );
    expect(run).toThrow(/field "readTime": not a field of this file \(allowed: id, slug, title/);
    expect(run).toThrow(/computed from the words/);
  });

  it("refuses a body too short to be an article", () => {
    const source = GOOD_FRONT_MATTER.split("Enough words")[0]!;
    expect(() => compileArticle("content/articles/a-good-article.md", source, null)).toThrow(/needs at least 300/);
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
