/**
 * Fault injection in the browser: a broken localStorage never
 * breaks a page. Each fault is installed on localStorage (sessionStorage,
 * which React Router's scroll restoration uses, is left alone) before any page
 * script runs.
 */
import { ON_SALE, UNMANAGED } from "../support/catalogue";
import { expect, gotoHydrated, test } from "./fixtures";

test.describe("fault injection: localStorage", () => {
  test("getItem throws: pages render, the cart is empty and still works", async ({ page }) => {
    await page.addInitScript(() => {
      const original = Storage.prototype.getItem;
      Storage.prototype.getItem = function (this: Storage, key: string) {
        if (this === window.localStorage) throw new DOMException("The operation is insecure.", "SecurityError");
        return original.call(this, key);
      };
    });
    await page.emulateMedia({ colorScheme: "light" });
    await gotoHydrated(page, `/product/${UNMANAGED.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(UNMANAGED.title);
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    // Nothing readable is stored, so the theme follows the (light) system preference; the toggle still switches it.
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test("getItem returns garbage: the cart starts empty and the theme falls back", async ({ page }) => {
    await page.addInitScript(() => {
      const original = Storage.prototype.getItem;
      Storage.prototype.getItem = function (this: Storage, key: string) {
        return this === window.localStorage ? "\u0000\u{1F4A5}{not json" : original.call(this, key);
      };
    });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Store");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test("setItem throws quota errors: adding to the cart and switching theme still work", async ({ page }) => {
    await page.addInitScript(() => {
      const original = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (this === window.localStorage) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        original.call(this, key, value);
      };
    });
    await page.emulateMedia({ colorScheme: "light" });
    await gotoHydrated(page, `/product/${ON_SALE.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("toast")).toContainText("Added to Cart!");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveClass(/\bdark\b/);
  });
});
