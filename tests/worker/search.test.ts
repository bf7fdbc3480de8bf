/**
 * The site search (rule 3.8) against the built worker, whatever the bundled content is: articles by title and by
 * body, newsletter issues while the newsletter is on, products while the store is open; a blank or unmatched
 * query says so; the page stays out of search engines.
 */
import issues from "virtual:vpf/newsletters";
import { afterEach, describe, expect, it } from "vitest";
import { products } from "../../content/products";
import { categories } from "../../content/categories";
import { buildTagHref, slugifyTag } from "../../content/tags";
import { isPublished } from "../../content/publication";
import { ARTICLE, ARTICLE_PATH } from "./content-items";
import { listElements, putFlags, putRawFlags, request } from "./helpers";

/** The page `/search?q={query}` answers, as HTML. */
async function search(query: string): Promise<string> {
  const response = await request(`/search?q=${encodeURIComponent(query)}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The longest word of the article's body: a word search can only find there, or nearly so. */
function pickBodyWord(html: string): string {
  const words = html.replace(/<[^>]*>/g, " ").match(/\p{L}{4,}/gu) ?? [];
  return words.reduce((longest, word) => (word.length > longest.length ? word : longest), "");
}

const PRODUCT = products[0]!;
const ISSUE = issues.find((issue) => isPublished(issue.sendAt, Date.now()))!;

describe("/search", () => {
  afterEach(() => putRawFlags(null));

  it("finds an article by its title and by a word of its body", async () => {
    expect(await search(ARTICLE.title)).toContain(`href="${ARTICLE_PATH}"`);
    expect(await search(pickBodyWord(ARTICLE.html))).toContain(`href="${ARTICLE_PATH}"`);
  });

  it("finds a product only while the store is open, and an issue only while the newsletter is on", async () => {
    await putFlags({ store: true, newsletter: true });
    expect(await search(PRODUCT.title)).toContain(`href="/product/${PRODUCT.id}"`);
    expect(await search(ISSUE.title)).toContain(`href="/newsletter/issues/${ISSUE.slug}"`);
    await putFlags({ store: false, newsletter: false });
    expect(await search(PRODUCT.title)).not.toContain(`href="/product/${PRODUCT.id}"`);
    expect(await search(ISSUE.title)).not.toContain(`href="/newsletter/issues/${ISSUE.slug}"`);
  });

  it("says what can be searched for a blank query, and 'Nothing found' when nothing matches", async () => {
    const blank = await search("");
    expect(blank).toContain("Type a word to search");
    expect(blank).not.toContain('href="/blog/');
    const none = await search("qzxwv");
    expect(none).toContain("0 results for “qzxwv”");
    expect(none).toContain("Nothing found");
  });

  it("offers the categories and tags with articles when nothing matches", async () => {
    const ways = await listElements(await search("qzxwv"), 'nav[aria-label="Ways on"] a');
    const hrefs = ways.map((link) => link.attributes.href);
    expect(ways.find((link) => link.text === categories[0]!.title)?.attributes.href).toBe(categories[0]!.href);
    expect(hrefs.filter((href) => href?.startsWith("/tags/")).length).toBeGreaterThan(0);
  });

  it("shows under each article found the passage that matched, the word marked", async () => {
    const word = pickBodyWord(ARTICLE.html);
    const marks = await listElements(await search(word), '[data-testid="search-snippet"] mark');
    expect(marks[0]?.text.toLowerCase()).toBe(word.toLowerCase());
  });

  it("with a word no article holds beside one that is there, lists the partial matches and says so", async () => {
    const html = await search(`${ARTICLE.title} qzxwv`);
    expect(html).toContain(`href="${ARTICLE_PATH}"`);
    expect(html).toContain("No article has every word; these have most of them.");
    expect(await search(ARTICLE.title)).not.toContain("No article has every word");
  });

  it("offers the category a query names, in any case, before the results", async () => {
    const html = await search(ARTICLE.category.toUpperCase());
    const main = html.slice(html.indexOf("<main"));
    const offer = main.indexOf(`href="/categories/${ARTICLE.categorySlug}"`);
    expect(offer).toBeGreaterThan(0);
    expect(main).toContain(`Every article in ${ARTICLE.category}`);
    const firstResult = main.indexOf('href="/blog/');
    if (firstResult >= 0) expect(offer).toBeLessThan(firstResult);
  });

  it("offers the tag a query names", async () => {
    // A tag named as a category is offered as the category.
    const tag = ARTICLE.tags.find((name) => !categories.some((category) => category.slug === slugifyTag(name)));
    if (tag === undefined) return;
    const main = (await search(tag)).split("<main")[1]!;
    expect(main).toMatch(new RegExp(`<a [^>]*href="${buildTagHref(tag)}"[^>]*>Every article tagged “`));
  });

  it("keeps a hostile or overlong query harmless and out of search engines", async () => {
    const html = await search(`<script>alert(1)</script>${"x".repeat(500)}`);
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("has an entry in the header of other pages, a GET form to /search", async () => {
    const html = await (await request("/about")).text();
    const form = html.match(/<form [^>]*role="search"[^>]*>/)?.[0] ?? "";
    expect(form).toContain('action="/search"');
    expect(form).toContain('method="get"');
    expect(html).toContain('href="/search"');
  });
});
