/**
 * The site without JavaScript (docs/product-rules.md rules 6.4, 6.5, 2.6,
 * 2.7): every server-rendered block is visible, the mobile menu opens and
 * navigates, and the forms post, so nothing typed lands in a URL; their
 * answer says how to reach us instead.
 */
import type { Page } from "@playwright/test";
import { CONTACT_EMAIL } from "../../content/site.ts";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule.ts";
import { readChoiceParam, slugifyChoice } from "../../core/product-choice.ts";
import { SIZED, SIZE_C } from "../support/catalogue";
import { expect, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

/** Every URL the page went to, including redirects. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest()) urls.push(request.url());
  });
  return urls;
}

test("the footer is visible with the tagline and its columns on every kind of page", async ({ page }) => {
  for (const path of ["/", "/blog", "/store", "/privacy", "/no-such-page"]) {
    await page.goto(path);
    const footer = page.getByRole("contentinfo");
    await expect(footer, path).toBeVisible();
    await expect(footer.getByText("Create value, make progress, achieve freedom.")).toBeVisible();
    await expect(footer.getByRole("navigation", { name: "Legal" }).getByRole("link")).toHaveText([
      "Disclaimer",
      "Privacy",
      "Terms of Sale",
      "Shipping & Returns",
    ]);
    const box = await footer.boundingBox();
    expect(box?.height ?? 0, path).toBeGreaterThan(100);
  }
});

test("the blog's newsletter block and the 404 page's cards are visible", async ({ page }) => {
  await page.goto("/blog");
  const prompt = page.getByRole("region", { name: `Get One Practical Idea Every ${SEND_TIME_WORDS.weekday}` });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole("textbox")).toBeVisible();
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Read the Blog" })).toBeVisible();
  // Go Back needs script, so it is not offered.
  await expect(page.getByRole("button", { name: "Go Back" })).toBeHidden();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the mobile menu opens and navigates", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(menu).toBeHidden();
    await page.locator("summary", { hasText: "Menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Categories" }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Categories");
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  });

  test("controls that need JavaScript say so instead of doing nothing", async ({ page }) => {
    await page.goto(`/product/${SIZED.id}`);
    // Add to Cart posts to the cookie cart instead (tests/e2e/cart-page.spec.ts); the stepper needs script.
    await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(1);
    await expect(page.getByRole("button", { name: /^Increase/ })).toBeHidden();
    await expect(page.getByTestId("theme-toggle")).toBeHidden();
    await expect(page.getByTestId("cart-button")).toBeHidden();
    // The gallery's arrows need script; its images stay in view.
    await expect(page.getByRole("button", { name: "Previous image" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Next image" })).toBeHidden();
    await expect(page.getByTestId("gallery-image")).toBeVisible();
  });

  test("a size tapped shows as chosen at once, and Show opens the page with it chosen", async ({ page }) => {
    await page.goto(`/product/${SIZED.id}`);
    const label = page.locator("fieldset label", { hasText: new RegExp(`^${SIZE_C.title}$`) });
    await label.click();
    await expect(label).toHaveCSS("color", "rgb(255, 255, 255)");
    await page.getByRole("button", { name: /^Show this/ }).click();
    await page.waitForURL((url) => url.searchParams.get(readChoiceParam(SIZED)) === slugifyChoice(SIZE_C.title));
    await expect(page.getByRole("radio", { name: SIZE_C.title, exact: true })).toBeChecked();
  });
});

test("the contact form posts, keeps every field out of the URL and says how to reach us", async ({ page }) => {
  const urls = recordUrls(page);
  await page.goto("/contact");
  await page.getByLabel("Name *").fill("Ada Lovelace");
  await page.getByLabel("Email *").fill("ada@example.com");
  await page.getByLabel("Subject").fill("Private subject");
  await page.getByLabel("Message *").fill("A private message");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Send Message" }).click(),
  ]);
  expect(response.request().method()).toBe("POST");
  await expect(page).toHaveURL(/\/contact$/);
  const notice = page.getByTestId("form-needs-script");
  await expect(notice).toContainText("Nothing was sent.");
  await expect(notice.getByRole("link", { name: CONTACT_EMAIL })).toBeVisible();
  for (const url of urls) expect(url).not.toMatch(/ada|Lovelace|Private|message=/i);
  // Nothing typed is echoed back.
  expect(await page.content()).not.toContain("A private message");
});

for (const start of ["/newsletter", "/blog"]) {
  test(`a newsletter form on ${start} posts to /newsletter and never puts the address in a URL`, async ({ page }) => {
    const urls = recordUrls(page);
    await page.goto(start);
    const form = page.locator('form[action="/newsletter"]').first();
    await form.getByRole("textbox").fill("reader@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByTestId("form-needs-script")).toContainText("Nothing was sent.");
    for (const url of urls) expect(url).not.toContain("reader");
    expect(await page.content()).not.toContain("reader@example.com");
  });
}
