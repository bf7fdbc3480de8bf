/**
 * An article as an owner may really write it (rule 3.1), from the generated archive's own fixture
 * (`tests/support/archive-fixture.ts`): a rate table of seven columns scrolls inside its own box on a 390 px phone
 * at a 20 and a 24 px default font, and the article's raw HTML (a `<meta http-equiv="refresh">` to another site, an
 * image named to shadow a document method) neither sends the reader away nor stops the page from hydrating.
 */
import { ARCHIVE_MARKUP_SLUG } from "../support/archive-facts.ts";
import { expect, test, waitForHydration } from "./fixtures";

test("a wide table scrolls in its own box on a phone at large fonts, and the article's raw HTML harms no reader", async ({
  page,
  archiveServer,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const devtools = await page.context().newCDPSession(page);
  const articleUrl = `${archiveServer}/blog/${ARCHIVE_MARKUP_SLUG}`;
  for (const size of [20, 24]) {
    await devtools.send("Page.setFontSizes", { fontSizes: { standard: size, fixed: Math.round((size * 13) / 16) } });
    await page.goto(articleUrl);
    await waitForHydration(page);
    expect(page.url(), `${size} px`).toBe(articleUrl);
    const widths = await page.evaluate(() => {
      const table = document.querySelector("article table")!;
      const box = table.closest(".table-scroll")!;
      return { page: document.documentElement.scrollWidth, box: box.clientWidth, table: table.scrollWidth };
    });
    expect(widths.page, `${size} px`).toBeLessThanOrEqual(390);
    expect(widths.table, `the table is wider than its box at ${size} px`).toBeGreaterThan(widths.box);
    await expect(page.locator('meta[http-equiv="refresh" i]')).toHaveCount(0);
    await expect(page.locator('[name="getElementsByTagName"]')).toHaveCount(0);
  }
});
