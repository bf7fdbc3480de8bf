/** The links between a list's pages (rule 3.9): plain links with `rel`, none when the list fits one page. */
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SITE_NAME } from "../../content/site";
import { buildMeta } from "../lib/meta";
import { ListPager } from "./list-pager";

function renderPager(page: number, pageCount: number): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ListPager path="/tags/test" page={page} pageCount={pageCount} />
    </MemoryRouter>,
  );
}

/** The `rel` and `href` of every link in `html`, in order. */
function readLinks(html: string): Array<{ rel: string | undefined; href: string | undefined }> {
  return [...html.matchAll(/<a [^>]*>/g)].map(([tag]) => ({
    rel: /\brel="([^"]*)"/.exec(tag)?.[1],
    href: /\bhref="([^"]*)"/.exec(tag)?.[1],
  }));
}

describe("ListPager", () => {
  it("is absent when the list fits one page", () => {
    expect(renderPager(1, 1)).toBe("");
  });

  it("links the first page to the next only, a middle page both ways, the last back only", () => {
    expect(readLinks(renderPager(1, 3))).toEqual([{ rel: "next", href: "/tags/test?page=2" }]);
    expect(readLinks(renderPager(2, 3))).toEqual([
      { rel: "prev", href: "/tags/test" },
      { rel: "next", href: "/tags/test?page=3" },
    ]);
    expect(renderPager(2, 3)).toContain("Page 2 of 3");
    expect(readLinks(renderPager(3, 3))).toEqual([{ rel: "prev", href: "/tags/test?page=2" }]);
  });
});

describe("the head of a list's page", () => {
  const args = {
    location: { pathname: "/tags/test" },
    matches: [{ id: "root", loaderData: { origin: "https://example.com" } }],
  };
  const links = (page: number, pageCount: number) =>
    buildMeta(args, { title: "#test", description: "Tests.", path: "/tags/test", listPage: { page, pageCount } });

  it("names page 1 at the bare path, with a next link only", () => {
    const tags = links(1, 2);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.com/tags/test" });
    expect(tags).toContainEqual({ tagName: "link", rel: "next", href: "https://example.com/tags/test?page=2" });
    expect(tags.some((tag) => "rel" in tag && tag.rel === "prev")).toBe(false);
    expect(tags).toContainEqual({ title: `#test | ${SITE_NAME}` });
  });

  it("gives a later page its own canonical URL, number in the title, and a link back to the bare path", () => {
    const tags = links(2, 2);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.com/tags/test?page=2" });
    expect(tags).toContainEqual({ tagName: "link", rel: "prev", href: "https://example.com/tags/test" });
    expect(tags.some((tag) => "rel" in tag && tag.rel === "next")).toBe(false);
    expect(tags).toContainEqual({ title: `#test, page 2 | ${SITE_NAME}` });
    expect(tags).toContainEqual({ name: "description", content: "Tests. Page 2." });
  });
});
