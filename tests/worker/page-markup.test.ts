/**
 * What a page's markup promises before any browser lays it out: images that load in the right order and reserve
 * their box (rules 3.1, 4.9, 4.10), an article's head for search engines and link previews (rule 3.6), and each
 * category's page (rule 3.2). Checked on the HTML the worker sends, so they cost no browser.
 */
import articles from "virtual:vpf/articles";
import { describe, expect, it } from "vitest";
import { categories } from "../../content/categories";
import { isPublished } from "../../content/publication";
import { SITE_NAME } from "../../content/site";
import { LIST_PAGE_SIZE } from "../../core/pagination";
import { ARTICLE, ARTICLE_PATH, PRODUCT_PATH } from "./content-items";
import { decodeText, request } from "./helpers";

interface ImageMarkup {
  loading: string | null;
  fetchpriority: string | null;
  sized: boolean;
}

/** The content images of `path`'s `<main>` (covers and product photos; the brand's own pictures are not content). */
async function listContentImages(path: string): Promise<ImageMarkup[]> {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  const images: ImageMarkup[] = [];
  await new HTMLRewriter()
    .on("main img", {
      element(image) {
        if ((image.getAttribute("src") ?? "").startsWith("/images/brand/")) return;
        images.push({
          loading: image.getAttribute("loading"),
          fetchpriority: image.getAttribute("fetchpriority"),
          sized: Boolean(image.getAttribute("width")) && Boolean(image.getAttribute("height")),
        });
      },
    })
    .transform(response)
    .arrayBuffer();
  return images;
}

describe("images", () => {
  for (const path of ["/blog", ARTICLE_PATH, "/store", PRODUCT_PATH, `/categories/${ARTICLE.categorySlug}`]) {
    it(`${path}: the first is eager at high priority, every other one lazy, all sized`, async () => {
      const [first, ...others] = await listContentImages(path);
      expect(first).toEqual({ loading: "eager", fetchpriority: "high", sized: true });
      for (const other of others) expect(other).toEqual({ loading: "lazy", fetchpriority: null, sized: true });
    });
  }

  it("the home page keeps its covers below the fold lazy", async () => {
    const images = await listContentImages("/");
    expect(images.length).toBeGreaterThan(0);
    expect(new Set(images.map((image) => image.loading))).toEqual(new Set(["lazy"]));
  });
});

describe("an article's head", () => {
  it("carries its title, canonical address, Open Graph type, large card and Article and BreadcrumbList data", async () => {
    const response = await request(ARTICLE_PATH);
    let title = "";
    let canonical: string | null = null;
    const meta = new Map<string, string | null>();
    const dataTypes: string[] = [];
    let data = "";
    await new HTMLRewriter()
      .on("head > title", { text: (chunk) => void (title += chunk.text) })
      .on('link[rel="canonical"]', { element: (link) => void (canonical = link.getAttribute("href")) })
      .on("meta[property], meta[name]", {
        element: (tag) =>
          void meta.set(tag.getAttribute("property") ?? tag.getAttribute("name") ?? "", tag.getAttribute("content")),
      })
      .on('script[type="application/ld+json"]', {
        text(chunk) {
          data += chunk.text;
          if (!chunk.lastInTextNode) return;
          dataTypes.push((JSON.parse(data) as { "@type": string })["@type"]);
          data = "";
        },
      })
      .transform(response)
      .arrayBuffer();
    expect(decodeText(title)).toBe(`${ARTICLE.title} | ${SITE_NAME}`);
    expect(canonical).toMatch(new RegExp(`/blog/${ARTICLE.slug}$`));
    expect(meta.get("og:type")).toBe("article");
    expect(meta.get("twitter:card")).toBe("summary_large_image");
    expect(dataTypes).toEqual(["Article", "BreadcrumbList"]);
  });
});

describe("category pages", () => {
  for (const category of categories) {
    it(`${category.href}: its title, then its articles (a page of them at most) or 'No articles yet'`, async () => {
      const response = await request(category.href);
      expect(response.status).toBe(200);
      let title = "";
      let cards = 0;
      const subheadings: string[] = [];
      await new HTMLRewriter()
        .on("main h1", { text: (chunk) => void (title += chunk.text) })
        .on("main article", { element: () => void (cards += 1) })
        .on("main h2", {
          element: () => void subheadings.push(""),
          text: (chunk) => void (subheadings[subheadings.length - 1] += chunk.text),
        })
        .transform(response)
        .arrayBuffer();
      const count = articles.filter(
        (article) => article.categorySlug === category.slug && isPublished(article.publishedAt, Date.now()),
      ).length;
      expect(decodeText(title)).toBe(category.title);
      expect(cards).toBe(Math.min(count, LIST_PAGE_SIZE));
      expect(subheadings.includes("No articles yet")).toBe(count === 0);
    });
  }

  it("an unknown category is the 404 page", async () => {
    expect((await request("/categories/no-such-category")).status).toBe(404);
  });
});
