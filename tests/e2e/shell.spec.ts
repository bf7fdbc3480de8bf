import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main", exact: true });

test.describe("header", () => {
  test("shows every item in order with all flags on, plus Newsletter and the cart", async ({ page, flags }) => {
    flags.set({});
    await page.goto("/");
    await expect(mainNav(page).getByRole("link")).toHaveText([
      "Home",
      "Store",
      "Blog",
      "Categories",
      "About",
      "Contact",
    ]);
    await expect(page.getByRole("banner").getByRole("link", { name: "Newsletter" })).toBeVisible();
    await expect(page.getByTestId("cart-button")).toBeVisible();
  });

  test("hides Store, Contact, Newsletter and the cart when their flags are off", async ({ page, flags }) => {
    flags.set({ store: false, contact: false, newsletter: false });
    await page.goto("/");
    await expect(mainNav(page).getByRole("link")).toHaveText(["Home", "Blog", "Categories", "About"]);
    await expect(page.getByRole("banner").getByRole("link", { name: "Newsletter" })).toHaveCount(0);
    await expect(page.getByTestId("cart-button")).toHaveCount(0);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Store" })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: "Contact" })).toHaveCount(0);
  });

  test("highlights the item that matches the path", async ({ page, flags }) => {
    flags.set({});
    const cases: Array<[string, string]> = [
      ["/", "Home"],
      ["/blog", "Blog"],
      ["/categories", "Categories"],
      ["/categories/crypto", "Categories"],
      ["/store", "Store"],
      ["/product/vpf-tee", "Store"],
      ["/about", "About"],
      ["/contact", "Contact"],
    ];
    for (const [path, label] of cases) {
      await page.goto(path);
      await expect(mainNav(page).locator('[aria-current="page"]'), path).toHaveText([label]);
    }
    await page.goto("/disclaimer");
    await expect(mainNav(page).locator('[aria-current="page"]')).toHaveCount(0);
  });

  test("is transparent at the top and gets its background after 20 px of scroll", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.mouse.wheel(0, 200);
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveClass(/backdrop-blur/);
  });

  test("moves focus to the main area after navigation", async ({ page }) => {
    await page.goto("/");
    await mainNav(page).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("main#main")).toBeFocused();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About VPF");
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens, closes on navigation, and keeps theme toggle and cart visible", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeVisible();
    await expect(mainNav(page)).toBeHidden();
    await expect(page.getByTestId("theme-toggle")).toBeVisible();
    await expect(page.getByTestId("cart-button")).toBeVisible();

    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");

    await menu.getByRole("link", { name: "Categories" }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("theme", () => {
  test.beforeEach(async ({ page }) => {
    // Records the <html> class at the moment <body> is inserted, before any body content is parsed.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.body) {
          (window as unknown as { themeAtBody: string }).themeAtBody = document.documentElement.className;
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
  });

  test("toggle persists across reload and is applied before the body is parsed", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("vpf-theme"))).toBe("dark");

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toContain("dark");
    await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-label", "Switch to light theme");

    await page.getByTestId("theme-toggle").click();
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).not.toContain("dark");
  });

  test("follows the system preference when nothing is stored", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toContain("dark");
    await expect(page.locator('img[src="/images/brand/logo-dark.svg"]').first()).toBeVisible();
    await expect(page.locator('img[src="/images/brand/logo-light.svg"]').first()).toBeHidden();
  });
});

test.describe("404 and errors", () => {
  test("an unknown path shows the 404 page with status 404, Go to Homepage and Go Back", async ({ page }) => {
    await page.goto("/about");
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.locator("main").getByRole("listitem").getByRole("link")).toHaveCount(3 + 5);
    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.goForward();
    await page.getByRole("link", { name: "Go to Homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a disabled feature shows the 404 page on client navigation too", async ({ page, flags }) => {
    await page.goto("/");
    flags.set({ contact: false });
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  });
});

test.describe("toasts", () => {
  test("F8 focuses the notification region", async ({ page }) => {
    await page.goto("/");
    // The toast region loads once the page is idle after hydration.
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toBeAttached();
    await page.keyboard.press("F8");
    const focusedLabel = await page.evaluate(() =>
      document.activeElement?.closest("[role=region]")?.getAttribute("aria-label"),
    );
    expect(focusedLabel).toBe("Notifications (F8)");
  });
});

test.describe("holding page", () => {
  test("every path lands on /please-hold while holdingPage is on", async ({ page, flags }) => {
    flags.set({ holdingPage: true });
    await page.goto("/blog");
    await expect(page).toHaveURL(/\/please-hold$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("recalibrating");
    await expect(page.getByTestId("theme-toggle")).toBeVisible();
    flags.set({});
    await page.goto("/please-hold");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("recalibrating");
  });
});
