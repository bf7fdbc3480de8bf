/**
 * Tag pages (rule 3.7) against the built worker, whatever the bundled articles are: every tag of a published
 * article has a page listing exactly the published articles that carry it, newest first; the sitemap lists
 * every such page; a tag no published article carries is the 404 page. The worker's clock stands still for the
 * file, so the test and the worker agree on what is out.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildTagHref, slugifyTag } from "../../content/tags";
import { listPublishedNewestFirst, readCardSlugs, readHeadLink, standClockStill } from "./list-pages";

standClockStill();

const published = listPublishedNewestFirst;

/** The article links every page of the list at `path` holds, in order, following each page's next link. */
async function readListSlugs(path: string): Promise<string[]> {
  const slugs: string[] = [];
  for (let next: string | undefined = path; next;) {
    const html = await (await SELF.fetch(`https://vpf.test${next}`)).text();
    slugs.push(...readCardSlugs(html));
    next = readHeadLink(html, "next");
  }
  return slugs;
}

describe("tag pages", () => {
  it("list, newest first, exactly the published articles that carry the tag", async () => {
    const tags = [...new Set(published().flatMap((article) => article.tags))];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) {
      const response = await SELF.fetch(`https://vpf.test${buildTagHref(tag)}`);
      expect(response.status, tag).toBe(200);
      expect(await response.text()).toContain(`#${tag}`.replaceAll("&", "&amp;"));
      const carrying = published().filter((article) =>
        article.tags.some((name) => slugifyTag(name) === slugifyTag(tag)),
      );
      expect(await readListSlugs(buildTagHref(tag)), tag).toEqual(carrying.map((article) => article.slug));
    }
  });

  it("are in the sitemap, and a tag no published article carries is the 404 page", async () => {
    const xml = await (await SELF.fetch("https://vpf.test/sitemap.xml")).text();
    for (const tag of published().flatMap((article) => article.tags)) {
      expect(xml).toContain(`https://vpf.test${buildTagHref(tag)}</loc>`);
    }
    const missing = await SELF.fetch("https://vpf.test/tags/no-article-carries-this-tag");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page Not Found");
  });

  it("are where an article's tags link", async () => {
    const article = published()[0]!;
    const html = await (await SELF.fetch(`https://vpf.test/blog/${article.slug}`)).text();
    for (const tag of article.tags) expect(html).toContain(`href="${buildTagHref(tag)}"`);
  });
});
