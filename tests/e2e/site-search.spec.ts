/**
 * The site search (rule 3.8) as a visitor uses it: the header's field without JavaScript, the results following
 * the box once hydrated, and the link in the header on a phone. Queries come from the bundled articles.
 */
import { readPlainText } from "../../content/search-engine.ts";
import { publishedArticles } from "./content-data";
import { expect, gotoHydrated, test } from "./fixtures";

const ARTICLE = publishedArticles[0]!;
/** The longest word of the newest article's body: a query whose passage a snippet shows. */
const WORD = readPlainText(ARTICLE.html)
  .split(/[^A-Za-z]+/)
  .reduce((longest, word) => (word.length > longest.length ? word : longest), "");

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

  test("the header's field searches from any page and lists the article", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("searchbox", { name: "Search the site" }).fill(ARTICLE.title);
    await page.getByRole("searchbox", { name: "Search the site" }).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toHaveValue(ARTICLE.title);
    await expect(page.getByRole("link", { name: ARTICLE.title })).toHaveAttribute("href", `/blog/${ARTICLE.slug}`);
  });
});

test("once hydrated, the results follow the box and the query stays in the URL", async ({ page }) => {
  await gotoHydrated(page, "/search");
  await expect(page.getByRole("status")).toHaveText(/Type a word/);
  // On its own page the header has no second search field.
  await expect(page.getByRole("searchbox")).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search", exact: true }).pressSequentially(ARTICLE.title, { delay: 10 });
  await expect(page.getByRole("link", { name: ARTICLE.title })).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(ARTICLE.title);
  await page.getByRole("searchbox", { name: "Search", exact: true }).fill("qzxwv");
  await expect(page.getByRole("heading", { name: "Nothing found" })).toBeVisible();
});

test("on a phone the header's search opens a focused field, which searches and Escape closes", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/about");
  await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
  const field = page.getByRole("searchbox", { name: "Search the site" });
  await expect(field).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(field).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Search" })).toBeFocused();
  await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
  await page.keyboard.type(WORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search the site");
});

test("'/' focuses the search field outside a field, and Escape leaves it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/about");
  await page.keyboard.press("/");
  const field = page.getByRole("searchbox", { name: "Search the site" });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("");
  await page.keyboard.type("a/b");
  await expect(field).toHaveValue("a/b");
  await page.keyboard.press("Escape");
  await expect(field).not.toBeFocused();
  await gotoHydrated(page, "/search");
  await page.keyboard.press("/");
  await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toBeFocused();
});
