/**
 * Nothing a visitor does between the first paint and hydration is lost
 * (rule 10.2). The page's scripts are held back at the network until the
 * visitor has acted, so the actions land on the painted, not yet hydrated
 * page every time, whatever the machine's speed.
 */
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

/** Holds every script of the site until `release()` is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(?:\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function expectNotHydrated(page: Page): Promise<void> {
  expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();
}

test("a size chosen and Add to Cart clicked before hydration add that size, exactly once", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/product/vpf-tee", { waitUntil: "commit" });
  await page.locator("label", { hasText: /^M$/ }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expectNotHydrated(page);
  release();
  await waitForHydration(page);

  await expect(page.getByRole("status").or(page.locator("[data-state=open]")).getByText("Added to Cart!")).toHaveCount(
    1,
  );
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("vpf-cart") ?? "{}") as unknown);
  expect(saved).toMatchObject({ items: [{ variant: { id: "vpf-tee-m" }, quantity: 1 }] });
  await expect(page.locator('input[name="variant"]:checked')).toHaveValue("vpf-tee-m");
});

test("search text typed before hydration stays in the box and filters once hydrated", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/blog", { waitUntil: "commit" });
  await page.getByLabel("Search articles").fill("emergency");
  await expectNotHydrated(page);
  release();
  await waitForHydration(page);

  await expect(page.getByLabel("Search articles")).toHaveValue("emergency");
  await expect(page).toHaveURL(/[?&]q=emergency/);
  await expect(page.locator("main article").getByRole("heading")).toHaveText([/Emergency Fund/i]);
});

test("the theme toggle clicked before hydration switches the theme once", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/about", { waitUntil: "commit" });
  // The locator waits for <html> to exist: right after "commit" the document may still be empty.
  const dark = await page.locator("html").evaluate((html) => html.classList.contains("dark"));
  await page.getByRole("button", { name: /theme/i }).first().click();
  await expectNotHydrated(page);
  release();
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveClass(dark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
});
