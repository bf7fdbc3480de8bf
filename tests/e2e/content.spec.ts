import { listArticleHeadings } from "../../content/article-headings.ts";
import {
  SECTIONED,
  SECTIONS,
  describeCount,
  findPlainParagraph,
  formatLongDate,
  filterBlog,
  publishedArticles,
} from "./content-data";
import { expect, gotoHydrated, test } from "./fixtures";

const NEWEST_THREE = publishedArticles.slice(0, 3).map((article) => article.title);
const OLDEST = publishedArticles.at(-1)!;

/** A tag and the number of articles the blog's search finds for it: the tag of the fewest articles. */
const RARE_TAG = publishedArticles
  .flatMap((article) => article.tags)
  .map((tag) => ({ tag, count: filterBlog(tag).length }))
  .sort((a, b) => a.count - b.count)[0]!;

/** A category with at least one article, and how many it has. */
const FILLED_CATEGORY = {
  slug: OLDEST.categorySlug,
  title: OLDEST.category,
  count: publishedArticles.filter((article) => article.categorySlug === OLDEST.categorySlug).length,
};

test.describe("blog", () => {
  test("searching for a tag finds its article, keeps the search in the URL and offers the full text", async ({
    page,
  }) => {
    await gotoHydrated(page, "/blog");
    await expect(page.getByRole("status")).toHaveText(describeCount(publishedArticles.length));
    await page.getByRole("searchbox", { name: "Search articles" }).fill(RARE_TAG.tag);
    await expect(page).toHaveURL((url) => url.pathname === "/blog" && url.searchParams.get("q") === RARE_TAG.tag);
    const found = filterBlog(RARE_TAG.tag)[0]!;
    await expect(page.getByRole("heading", { level: 2, name: found.title })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(describeCount(RARE_TAG.count));
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue(RARE_TAG.tag);
    await expect(page.getByRole("status")).toHaveText(describeCount(RARE_TAG.count));
    await expect(
      page.getByRole("link", { name: `Search the full text of every article for “${RARE_TAG.tag}”` }),
    ).toHaveAttribute("href", `/search?${new URLSearchParams({ q: RARE_TAG.tag })}`);
  });

  test("a category button sets ?category= and clicking it again clears it", async ({ page }) => {
    await gotoHydrated(page, "/blog");
    const filters = page.getByRole("navigation", { name: "Filter by category" });
    const button = filters.getByRole("link", { name: FILLED_CATEGORY.title, exact: true });
    await button.click();
    await expect(page).toHaveURL(new RegExp(`/blog\\?category=${FILLED_CATEGORY.slug}$`));
    await expect(button).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("status")).toHaveText(describeCount(FILLED_CATEGORY.count));
    await button.click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("status")).toHaveText(describeCount(publishedArticles.length));
  });

  test("no match shows 'No articles found' and Clear Filters resets everything", async ({ page }) => {
    await gotoHydrated(page, "/blog?category=trading");
    await page.getByRole("searchbox", { name: "Search articles" }).fill("zzzz");
    await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("");
    await expect(page.getByRole("status")).toHaveText(describeCount(publishedArticles.length));
  });

  test("going back to /blog restores its scroll position", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: 1280, height: 700 });
    await gotoHydrated(page, "/blog");
    // The oldest article's card is the last on the page.
    const target = page.getByRole("link", { name: OLDEST.title, exact: true });
    await target.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(300);
    await target.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(OLDEST.title);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/blog$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 5);
  });
});

test.describe("article page", () => {
  test("shows its details, related articles and the Share fallback toast", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await gotoHydrated(page, `/blog/${OLDEST.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(OLDEST.title);
    await expect(page.locator("main time").first()).toHaveText(formatLongDate(OLDEST.publishedAt));
    await expect(page.getByText(`By ${OLDEST.author}`)).toBeVisible();
    await expect(page.getByTestId("related-articles").getByRole("heading", { level: 3 })).toHaveText(NEWEST_THREE);

    await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
    await page.getByRole("button", { name: "Share" }).click();
    const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
    await expect(toast).toContainText("Link copied!");
    await expect(toast).toContainText("The article link has been copied to your clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/blog/${OLDEST.slug}$`));
  });

  test("Share opens the device share sheet when the browser has one, with no fallback", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      const calls: ShareData[] = [];
      (window as unknown as { shareCalls: ShareData[] }).shareCalls = calls;
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: (data: ShareData) => {
          calls.push(data);
          return Promise.resolve();
        },
      });
    });
    await gotoHydrated(page, `/blog/${SECTIONED.slug}`);
    await page.evaluate(() => navigator.clipboard.writeText("untouched"));
    await page.getByRole("button", { name: "Share" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls))
      .toEqual([
        {
          title: SECTIONED.title,
          url: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/blog/${SECTIONED.slug}$`)),
        },
      ]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("untouched");
    await expect(page.getByText("Link copied!")).toHaveCount(0);
  });

  test("the body reaches a page once, stays through hydration and follows client-side navigation", async ({
    page,
    request,
  }) => {
    const sentence = findPlainParagraph(SECTIONED.html);
    // The document carries the body as markup only, not a second time in the loader data.
    const html = await (await request.get(`/blog/${SECTIONED.slug}`)).text();
    const count = (text: string) => text.split(sentence).length - 1;
    expect(count(html)).toBe(count(SECTIONED.html));

    await gotoHydrated(page, `/blog/${SECTIONED.slug}`);
    const body = page.locator("#article-body");
    await expect(body.getByRole("heading", { level: 2, name: SECTIONS[0]!.text, exact: true })).toBeVisible();
    await expect(body).toContainText(sentence);

    // A related article (the newest other one, rule 3.5) opens without a document load: its body comes from the loader.
    const related = publishedArticles.find((article) => article.slug !== SECTIONED.slug)!;
    const relatedHeading = listArticleHeadings(related.html)[0]!;
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByTestId("related-articles").getByRole("link", { name: related.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/blog/${related.slug}$`));
    await expect(body.getByRole("heading", { name: relatedHeading.text, exact: true })).toBeVisible();
    await expect(body).not.toContainText(sentence);
    await page.goBack();
    await expect(body).toContainText(sentence);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});

test.describe("article contents", () => {
  test("an address with a section's hash opens the article at that section", async ({ page }) => {
    const section = SECTIONS.at(-2)!;
    await page.goto(`/blog/${SECTIONED.slug}#${section.id}`);
    await expect(page.locator(`#${section.id}`)).toBeInViewport();
  });

  test("on a phone the contents fold above the body and their links jump to the sections", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, `/blog/${SECTIONED.slug}`);
    const toc = page.getByRole("navigation", { name: "On this page" });
    await expect(toc).toHaveCount(1);
    const target = SECTIONS.at(-2)!;
    const section = toc.getByRole("link", { name: target.text, exact: true });
    await expect(section).toBeHidden();
    await toc.getByText("On This Page").click();
    // h3s sit under their h2: the list inside the item of the first section that has subsections.
    const parent = SECTIONS.find((heading) => (heading.children?.length ?? 0) > 0)!;
    await expect(
      toc
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: parent.text, exact: true }) })
        .first()
        .getByRole("link"),
    ).toHaveText([parent.text, ...parent.children!.map((child) => child.text)]);
    await section.click();
    await expect(page).toHaveURL(new RegExp(`#${target.id}$`));
    await expect(page.getByRole("heading", { level: 2, name: target.text, exact: true })).toBeInViewport();
  });

  test("on a wide screen the contents stay beside the body while it scrolls", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, `/blog/${SECTIONED.slug}`);
    const toc = page.getByRole("navigation", { name: "On this page" });
    await expect(toc).toHaveCount(1);
    const lastSection = SECTIONS.at(-1)!;
    const last = toc.getByRole("link", { name: lastSection.text, exact: true });
    await expect(last).toBeVisible();
    await last.click();
    await expect(page.getByRole("heading", { level: 2, name: lastSection.text, exact: true })).toBeInViewport();
    await expect(last).toBeInViewport();
    const body = await page.locator("#article-body").boundingBox();
    const list = await toc.boundingBox();
    expect(list && body && list.x >= body.x + body.width).toBe(true);
  });

  test("on a wide screen the contents mark the section being read", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, `/blog/${SECTIONED.slug}`);
    const toc = page.getByRole("navigation", { name: "On this page" });
    const marked = toc.locator('a[aria-current="location"]');
    await expect(marked).toHaveCount(0);
    for (const section of [SECTIONS.at(-2)!, SECTIONS[0]!]) {
      // The heading just past the reading line (30 % down), so a subsection below it has not been reached yet.
      await page.getByRole("heading", { level: 2, name: section.text, exact: true }).evaluate((heading) => {
        const top = heading.getBoundingClientRect().top;
        window.scrollBy({ top: top - window.innerHeight * 0.3 + 8, behavior: "instant" });
      });
      await expect(marked).toHaveCount(1);
      await expect(marked).toHaveText(section.text);
      await expect(marked).toHaveCSS("font-weight", "600");
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the contents open and their links reach the sections", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const target = SECTIONS.at(-2)!;
      await page.goto(`/blog/${SECTIONED.slug}`);
      const toc = page.getByRole("navigation", { name: "On this page" });
      await toc.getByText("On This Page").click();
      await toc.getByRole("link", { name: target.text, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${target.id}$`));
      await expect(page.getByRole("heading", { level: 2, name: target.text, exact: true })).toBeInViewport();
    });
  });
});

test("the feeds, sitemap and robots.txt are well formed", async ({ page, request, flags }) => {
  await flags.set({ contact: false });
  await page.goto("/");
  const parse = (xml: string) =>
    page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        error: doc.getElementsByTagName("parsererror").length > 0,
        items: [...doc.querySelectorAll("item > link")].map((node) => node.textContent),
        locs: [...doc.getElementsByTagName("loc")].map((node) => node.textContent),
      };
    }, xml);

  const rss = await request.get("/rss.xml");
  expect(rss.headers()["content-type"]).toContain("application/rss+xml");
  const feed = await parse(await rss.text());
  expect(feed.error).toBe(false);
  expect(feed.items).toHaveLength(publishedArticles.length);
  expect(feed.items[0]).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/blog/${publishedArticles[0]!.slug}$`));

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const map = await parse(await sitemap.text());
  expect(map.error).toBe(false);
  const paths = map.locs.map((loc) => new URL(loc ?? "").pathname);
  expect(paths).toEqual(expect.arrayContaining(["/", "/blog", "/about", "/disclaimer", "/categories/investing"]));
  expect(paths.filter((p) => p.startsWith("/blog/"))).toHaveLength(publishedArticles.length);
  expect(paths).not.toContain("/contact");

  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toContain("text/plain");
  expect(await robots.text()).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
});
