import { describe, expect, it } from "vitest";
import { createMarked } from "./compile-articles";
import { sanitizeContentHtml } from "./sanitize-content-html";

const render = (markdown: string) =>
  sanitizeContentHtml(createMarked().parse(markdown) as string, { scrollTables: true });

describe("sanitizeContentHtml", () => {
  it("keeps what Markdown writes: headings with ids, links, lists, code with its language, tables, task lists", () => {
    const markdown = [
      "## Rates & fees",
      "A [link](https://example.com/a?b=1) and `code` and **bold**.",
      "- [x] done",
      "```js\nconst a = 1;\n```",
      "| a | b |\n|---|--:|\n| 1 | 2 |",
    ].join("\n\n");
    const { html, dropped } = render(markdown);
    expect(dropped).toEqual([]);
    expect(html).toContain('<h2 id="rates--fees">Rates &amp; fees</h2>');
    expect(html).toContain('<a href="https://example.com/a?b=1">link</a>');
    expect(html).toContain('<code class="language-js">');
    expect(html).toContain('<input checked disabled type="checkbox" />');
    expect(html).toContain('<td align="right">2</td>');
  });

  it("wraps each table in a box that scrolls on its own, for pages only", () => {
    expect(render("| a |\n|---|\n| 1 |").html).toMatch(/^<div class="table-scroll" tabindex="0"><table>[\s\S]*<\/table><\/div>/);
    const mail = sanitizeContentHtml("<table><tr><td>1</td></tr></table>", { scrollTables: false });
    expect(mail.html).toBe("<table><tr><td>1</td></tr></table>");
  });

  it("drops a meta refresh, a clobbering name, scripts, frames, forms and script URLs, and names each", () => {
    const { html, dropped } = render(
      [
        '<meta http-equiv="refresh" content="0; url=https://elsewhere.test">',
        '<img src="/images/a.webp" alt="A chart" name="getElementsByTagName">',
        '<h2 id="__reactRouterContext">Heading</h2>',
        "<script>alert(1)</script>",
        '<iframe src="https://elsewhere.test"></iframe>',
        '<form action="/x"><input name="q"></form>',
        '<a href="javascript:alert(1)" onclick="alert(2)">click</a>',
        "<base href=\"https://elsewhere.test/\">",
      ].join("\n\n"),
    );
    for (const gone of ["<meta", "name=", "__reactRouterContext", "<script", "alert(1)", "<iframe", "<form", "javascript:", "onclick", "<base"]) {
      expect(html, gone).not.toContain(gone);
    }
    expect(html).toContain('<img src="/images/a.webp" alt="A chart" />');
    expect(html).toContain("<h2>Heading</h2>");
    expect(html).toContain("click");
    expect(dropped).toEqual(
      expect.arrayContaining([
        "<meta>",
        "name on <img>",
        'id="__reactRouterContext" on <h2>',
        "<script>",
        "<iframe>",
        "<form>",
        'href="javascript:alert(1)" on <a>',
        "onclick on <a>",
        "<base>",
      ]),
    );
  });

  it("keeps a heading id in any lower-case script, and drops one in camelCase", () => {
    expect(render("## Épargne").html).toContain('id="épargne"');
    expect(render('<h2 id="getElementById">x</h2>').dropped).toEqual(['id="getElementById" on <h2>']);
  });
});
