/**
 * Articles as the worker sends them (rules 3.1, 3.5, 3.6), held against whatever the build holds: the home page's
 * newest three, an unknown slug, section ids for hash links, the previous and next articles by publish date, the
 * update date, and the Article data's author and publisher.
 */
import articles from "virtual:vpf/articles";
import { describe, expect, it } from "vitest";
import { formatLongDate } from "../../app/lib/dates";
import { listArticleHeadings } from "../../content/article-headings";
import { isPublished, readPublishMs } from "../../content/publication";
import { SITE_NAME } from "../../content/site";
import { listElements, readPage, request } from "./helpers";

/** The articles a visitor can see now, newest first. */
const published = articles
  .filter((article) => isPublished(article.publishedAt, Date.now()))
  .toSorted((a, b) => readPublishMs(b.publishedAt) - readPublishMs(a.publishedAt));

describe("the home page", () => {
  it("shows the three newest articles, newest first", async () => {
    const titles = await listElements(await readPage("/"), '[data-testid="latest-articles"] h3');
    expect(titles.map((title) => title.text)).toEqual(published.slice(0, 3).map((article) => article.title));
  });
});

describe("an article's page", () => {
  it("of an unknown slug sends the reader to the 404 page, which answers 404", async () => {
    const response = await request("/blog/no-such-article");
    expect(response.headers.get("location")).toMatch(/\/404$/);
    const html = await readPage("/404", 404);
    expect((await listElements(html, "h1")).map((h1) => h1.text)).toEqual(["Page Not Found"]);
  });

  it("gives each section heading of the body the id its contents link to", async () => {
    const sectioned = published.find((article) => listArticleHeadings(article.html).length > 0);
    expect(sectioned, "a published article with sections; the test needs one").toBeDefined();
    const html = await readPage(`/blog/${sectioned!.slug}`);
    const ids = new Set((await listElements(html, "main h2[id], main h3[id]")).map((h) => h.attributes.id));
    for (const heading of listArticleHeadings(sectioned!.html).flatMap((h2) => [h2, ...(h2.children ?? [])])) {
      expect(ids.has(heading.id), heading.text).toBe(true);
      const links = await listElements(html, `a[href="#${heading.id}"]`);
      expect(links.length, `a link to ${heading.text}`).toBeGreaterThan(0);
    }
  });

  it("links the oldest only to the next, the newest only to the previous, by publish date", async () => {
    const pager = async (slug: string) =>
      (await listElements(await readPage(`/blog/${slug}`), 'nav[aria-label="Previous and next articles"] a')).map(
        (link) => [link.attributes.rel, link.attributes.href],
      );
    expect(published.length, "two published articles; the test needs them").toBeGreaterThanOrEqual(2);
    expect(await pager(published.at(-1)!.slug)).toEqual([["next", `/blog/${published.at(-2)!.slug}`]]);
    expect(await pager(published[0]!.slug)).toEqual([["prev", `/blog/${published[1]!.slug}`]]);
  });

  it("shows an update date beside the publish date when the article has one, and none otherwise", async () => {
    const updatedOne = published.find((article) => article.updated !== undefined);
    const plainOne = published.find((article) => article.updated === undefined);
    if (updatedOne) {
      const html = await readPage(`/blog/${updatedOne.slug}`);
      const [updated] = await listElements(html, '[data-testid="article-updated"]');
      expect(updated!.text).toBe(`Updated ${formatLongDate(updatedOne.updated!)}`);
      const [time] = await listElements(html, '[data-testid="article-updated"] time');
      expect(time!.attributes.datetime).toBe(updatedOne.updated);
    }
    if (plainOne) {
      const html = await readPage(`/blog/${plainOne.slug}`);
      expect(await listElements(html, '[data-testid="article-updated"]')).toEqual([]);
    }
  });

  it("describes itself as an Article by its author, published by the site with its logo", async () => {
    const article = published[0]!;
    const [data] = await listElements(await readPage(`/blog/${article.slug}`), 'script[type="application/ld+json"]');
    expect(JSON.parse(data!.text)).toMatchObject({
      "@type": "Article",
      datePublished: `${article.publishedAt}T00:00:00Z`,
      dateModified: `${article.updated ?? article.publishedAt}T00:00:00Z`,
      author: { "@type": "Organization", name: article.author, url: "https://vpf.test/about" },
      publisher: {
        "@type": "Organization",
        name: SITE_NAME,
        logo: {
          "@type": "ImageObject",
          url: expect.stringMatching(/\/images\/brand\/logo-light\.svg$/),
          width: 132,
          height: 36,
        },
      },
    });
  });
});
