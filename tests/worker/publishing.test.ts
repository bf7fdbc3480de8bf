/**
 * Scheduled publishing (rule 3.1): an article is built but hidden everywhere until 00:00 UTC of its publish date,
 * its link preview and cover included, then appears with no deploy. The test moves the worker's clock to just before the newest article's moment and
 * then onto it, whatever the bundled articles are.
 */
import articles from "virtual:vpf/articles";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  IMAGE_FORMATS,
  IMAGE_GROUPS,
  buildImageVariantUrl,
  buildShareImageUrl,
  parseGeneratedImageUrl,
} from "../../content/image-variants";
import { CATALOGUE_PATH, SEARCH_INDEX_PATH, buildArticlePath } from "../../content/content-files";
import { readPublishMs } from "../../content/publication";
import { request } from "./helpers";

/** Where a visitor or a crawler could find an article, and whether `slug` shows there. */
async function findPlaces(slug: string, categorySlug: string, tag: string): Promise<Record<string, boolean>> {
  const page = await request(`/blog/${slug}`);
  const has = async (path: string) => (await (await request(path)).text()).includes(`/blog/${slug}`);
  return {
    page: page.status === 200,
    blog: await has("/blog"),
    search: await has(`/blog?q=${encodeURIComponent(tag)}`),
    siteSearch: await has(`/search?q=${encodeURIComponent(tag)}`),
    home: await has("/"),
    category: await has(`/categories/${categorySlug}`),
    rss: await has("/rss.xml"),
    sitemap: await has("/sitemap.xml"),
    ...(await findImages(slug)),
  };
}

/** Whether each picture of the article `slug` is served: its link preview, and its cover at every size and format. */
async function findImages(slug: string): Promise<Record<string, boolean>> {
  const article = articles.find((entry) => entry.slug === slug)!;
  const cover = parseGeneratedImageUrl(article.image);
  const urls = [
    buildShareImageUrl(slug),
    ...(cover?.group === "articles"
      ? [
          article.image,
          ...IMAGE_GROUPS.articles.widths.flatMap((width) =>
            IMAGE_FORMATS.map((format) => buildImageVariantUrl("articles", cover.name, width, format)),
          ),
        ]
      : []),
  ];
  const served: Record<string, boolean> = {};
  for (const url of urls) {
    const response = await request(url);
    await response.body?.cancel();
    served[url] = response.status === 200;
  }
  return served;
}

describe("a scheduled article", () => {
  afterEach(() => vi.useRealTimers());

  it("is nowhere until its moment, then everywhere, with no new build", async () => {
    const newest = articles.reduce((a, b) => (readPublishMs(a.publishedAt) >= readPublishMs(b.publishedAt) ? a : b));
    const moment = readPublishMs(newest.publishedAt);

    vi.useFakeTimers({ toFake: ["Date"], now: moment - 1 });
    const before = await findPlaces(newest.slug, newest.categorySlug, newest.tags[0]!);
    expect(before).toEqual(Object.fromEntries(Object.keys(before).map((place) => [place, false])));
    const early = await request(`/blog/${newest.slug}`);
    expect(early.status).toBe(302);
    expect(early.headers.get("location")).toMatch(/\/404$/);

    vi.setSystemTime(moment);
    const after = await findPlaces(newest.slug, newest.categorySlug, newest.tags[0]!);
    expect(after).toEqual(Object.fromEntries(Object.keys(after).map((place) => [place, true])));
  });
});

describe("the content files", () => {
  it("are never served to a visitor, under any spelling, though the worker reads them", async () => {
    const slug = articles[0]!.slug;
    for (const path of [CATALOGUE_PATH, SEARCH_INDEX_PATH, buildArticlePath(slug)]) {
      for (const spelling of [path, path.toUpperCase(), path.replace("_", "%5F"), `/${path}`, `${path}/`]) {
        const response = await request(spelling);
        const body = await response.text();
        expect([301, 308, 404], spelling).toContain(response.status);
        expect(body, spelling).not.toContain(slug);
      }
    }
    expect((await request(`/blog/${slug}`)).status).toBe(200);
  });
});
