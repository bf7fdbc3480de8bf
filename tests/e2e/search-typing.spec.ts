/**
 * The blog search box keeps every keystroke, in order, even when the visitor
 * types fast on a slow phone (rule 3.3): the text ends up intact in the box
 * and in `?q=`, and the loader is not asked once per keystroke.
 */
import { describeCount, publishedArticles } from "./content-data";
import { expect, gotoHydrated, gotoHydratedWithStoppedClock, test } from "./fixtures";

/** A long query, near the box's 100-character limit. */
const LONG_QUERY = "emergency fund savings budgeting index funds side income compound interest";

/** Delay between keystrokes, in ms: a fast typist. */
const KEY_DELAY_MS = 20;

/** Well past the search's quiet time after the last keystroke (rule 3.3), in ms. */
const PAST_QUIET_TIME_MS = 1_000;

/** CPU slowdown factor, as Lighthouse's mobile preset applies. */
const CPU_THROTTLING_RATE = 4;

test("a long query typed fast under 4x CPU throttling arrives intact in the box and in ?q=", async ({ page }) => {
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
  });

  // The page's clock stands still while the keys arrive, so the quiet time never ends between two keystrokes
  // however slowly the host runs: the count of searches then measures the debounce, not the host.
  await gotoHydratedWithStoppedClock(page, "/blog");
  const session = await page.context().newCDPSession(page);
  await session.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING_RATE });

  const box = page.getByRole("searchbox", { name: "Search articles" });
  await box.click();
  await box.pressSequentially(LONG_QUERY, { delay: KEY_DELAY_MS });

  await expect(box).toHaveValue(LONG_QUERY);
  await page.clock.fastForward(PAST_QUIET_TIME_MS);
  await expect
    .poll(() => new URL(page.url()).searchParams.get("q"), { message: "?q= should hold the whole query" })
    .toBe(LONG_QUERY);
  // The box is never rewritten from the URL afterwards, whatever timer was still waiting.
  await page.clock.fastForward(PAST_QUIET_TIME_MS);
  await expect(box).toHaveValue(LONG_QUERY);
  await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();

  await session.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  // Searches are debounced: one search for the whole query, however many keystrokes.
  expect(dataRequests).toHaveLength(1);
});

test("a search typed on a later page of the list starts at the first page of its results", async ({ page }) => {
  await page.clock.install();
  // Page 1 written out is a page of the list whatever the archive's size; the search must drop the number.
  await gotoHydrated(page, "/blog?category=investing&page=1");
  const box = page.getByRole("searchbox", { name: "Search articles" });
  await box.fill("fund");
  await page.clock.fastForward(PAST_QUIET_TIME_MS);
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("fund");
  const params = new URL(page.url()).searchParams;
  expect(params.get("page")).toBeNull();
  expect(params.get("category")).toBe("investing");
});

test("Clear Filters empties the box even while a search is waiting", async ({ page }) => {
  // The clock stands still, so the typed search is still waiting when Clear Filters is clicked.
  await gotoHydratedWithStoppedClock(page, "/blog?q=zzzz");
  const box = page.getByRole("searchbox", { name: "Search articles" });
  await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
  await box.press("End");
  await box.pressSequentially("q");
  await page.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(box).toHaveValue("");
  // The search typed before the click does not come back when its quiet time ends.
  await page.clock.fastForward(PAST_QUIET_TIME_MS);
  await expect(page).toHaveURL(/\/blog$/);
  await expect(box).toHaveValue("");
  await expect(page.getByRole("status")).toHaveText(describeCount(publishedArticles.length));
});

test("the search form has a submit button that shows when focused and searches", async ({ page }) => {
  await gotoHydrated(page, "/blog");
  const box = page.getByRole("searchbox", { name: "Search articles" });
  const submit = page.locator("main").getByRole("search").getByRole("button", { name: "Search" });
  await box.fill("compound");
  await box.press("Tab");
  await expect(submit).toBeFocused();
  await expect(submit).toBeInViewport();
  await submit.press("Enter");
  await expect(page).toHaveURL(/[?&]q=compound/);
});
