/**
 * The site's CSS (rule 10.3): one fingerprinted stylesheet linked from every
 * page's head and cached for a year, not inlined, so the HTML stays small
 * and a second page view fetches no CSS.
 */
import { describe, expect, it } from "vitest";
import { request } from "./helpers";
import { ARTICLE_PATH, PRODUCT_PATH } from "./content-items";

/** The `href` of every `<link rel="stylesheet">` in the page's head. */
function readStylesheetLinks(html: string): string[] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link[^>]*\srel="stylesheet"[^>]*\shref="([^"]+)"/g)].map((match) => match[1]!);
}

describe("the stylesheet", () => {
  it("every page links the same fingerprinted stylesheet and inlines only the font faces", async () => {
    const seen = new Set<string>();
    for (const path of ["/", "/blog", ARTICLE_PATH, "/store", PRODUCT_PATH, "/privacy"]) {
      const html = await (await request(path)).text();
      const links = readStylesheetLinks(html);
      expect(links, path).toHaveLength(1);
      expect(links[0], path).toMatch(/^\/assets\/app-[\w-]+\.css$/);
      seen.add(links[0]!);
      const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
      // The font faces (a few hundred bytes) and the no-script note are all that stays inline.
      expect(inline.join("").length, path).toBeLessThan(1500);
      expect(inline.join(""), path).not.toContain(".prose");
    }
    expect(seen.size).toBe(1);
  });

  it("the stylesheet is CSS cached for a year as immutable", async () => {
    const [href] = readStylesheetLinks(await (await request("/")).text());
    const response = await request(href!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/css/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toContain(".prose");
  });
});
