import type { Page } from "@playwright/test";
import { SITE_NAME } from "../../content/site.ts";
import { UNMANAGED } from "../support/catalogue";
import { expect, gotoHydrated, test, waitForHydration } from "./fixtures";

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main", exact: true });

test.describe("header", () => {
  test("is transparent up to 20 px of scroll, blurred and bordered past it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await gotoHydrated(page, "/");
    const header = page.getByRole("banner");
    // What a visitor sees: the header's backdrop filter, bottom border colour and background.
    const look = () =>
      header.evaluate((node) => {
        const style = getComputedStyle(node);
        const transparent = (color: string) => color === "transparent" || /rgba\(.*,\s*0\)$/.test(color);
        return {
          blurred: style.backdropFilter.includes("blur"),
          bordered: !transparent(style.borderBottomColor) && style.borderBottomWidth !== "0px",
          background: !transparent(style.backgroundColor),
        };
      });
    const scrollTo = async (y: number) => {
      await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
    };
    const plain = { blurred: false, bordered: false, background: false };
    const solid = { blurred: true, bordered: true, background: true };
    await expect.poll(look).toEqual(plain);
    await scrollTo(30);
    await expect.poll(look).toEqual(solid);
    await scrollTo(10);
    await expect.poll(look).toEqual(plain);
    // The threshold itself: 21 px is past it, 20 px is not.
    await scrollTo(21);
    await expect.poll(look).toEqual(solid);
    await scrollTo(20);
    await expect.poll(look).toEqual(plain);
  });

  test("moves focus to the main area after navigation", async ({ page }) => {
    await gotoHydrated(page, "/");
    await mainNav(page).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("main#main")).toBeFocused();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`About ${SITE_NAME}`);
  });
});

test.describe("skip link and hash links", () => {
  test("the skip link is the first Tab stop, shows itself, and moves focus past the header", async ({ page }) => {
    await gotoHydrated(page, "/blog");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    // Visually hidden until focused: then it is a real, readable box on screen.
    await expect(skip).toBeInViewport();
    expect((await skip.boundingBox())?.width).toBeGreaterThan(40);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/blog#main$/);
    await expect(page.getByRole("main")).toBeFocused();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement))).toBe(true);
  });

  /** Records `scrollY` on every frame, so a test can tell a smooth scroll from a jump. */
  const recordScroll = (page: Page) =>
    page.evaluate(() => {
      const samples: number[] = [];
      (window as unknown as { scrollSamples: number[] }).scrollSamples = samples;
      const tick = () => {
        samples.push(window.scrollY);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  const readInBetween = (page: Page, to: number) =>
    page.evaluate(
      (end) =>
        new Set((window as unknown as { scrollSamples: number[] }).scrollSamples.filter((y) => y > 0 && y < end - 1))
          .size,
      to,
    );

  /** Clicks the 'No liability' link of /disclaimer's contents and resolves once the scroll has settled. */
  async function clickHashLink(page: Page): Promise<{ end: number; inBetween: number }> {
    await page.setViewportSize({ width: 1280, height: 700 });
    await gotoHydrated(page, "/disclaimer");
    await recordScroll(page);
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "No liability" }).click();
    await expect(page).toHaveURL(/\/disclaimer#no-liability$/);
    const heading = page.getByRole("heading", { level: 2, name: "No liability" });
    const headerBottom = await page.getByRole("banner").evaluate((node) => node.getBoundingClientRect().bottom);
    // Settled with the heading just below the sticky header, not under it.
    await expect
      .poll(() => heading.evaluate((node) => Math.round(node.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(Math.round(headerBottom));
    await expect.poll(() => heading.evaluate((node) => node.getBoundingClientRect().top)).toBeLessThan(200);
    const end = await page.evaluate(() => window.scrollY);
    return { end, inBetween: await readInBetween(page, end) };
  }

  test("a hash link click scrolls to its section, just below the header (at once with reduced motion)", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const { end, inBetween } = await clickHashLink(page);
    expect(end).toBeGreaterThan(300);
    expect(inBetween, "positions between start and end").toBe(0);
  });

  test("a hash link click scrolls smoothly when reduced motion is not asked for", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    const { end, inBetween } = await clickHashLink(page);
    expect(end).toBeGreaterThan(300);
    // A jump has none; on a busy machine a smooth scroll may show only one or two slow frames between.
    expect(inBetween, "positions between start and end").toBeGreaterThan(0);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens, closes on navigation, and keeps theme toggle and cart visible", async ({ page }) => {
    await gotoHydrated(page, "/");
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
    await gotoHydrated(page, "/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("vpf-theme"))).toBe("dark");

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toContain("dark");
    await waitForHydration(page);
    await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-label", "Switch to light theme");

    await page.getByTestId("theme-toggle").click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
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
    await gotoHydrated(page, "/about");
    const response = await gotoHydrated(page, "/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.locator("main").getByRole("listitem").getByRole("link")).toHaveCount(3 + 4);
    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/no-such-page$/);
    await page.getByRole("link", { name: "Go to Homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test.describe("when the network fails during a navigation", () => {
    test.use({ expectedConsole: /net::ERR_FAILED|Failed to fetch/ });

    test("the page shows 'Unexpected Application Error!' and Go to Homepage recovers", async ({ page }) => {
      await gotoHydrated(page, "/about");
      // The data of the next page cannot be fetched (a dropped connection), so no route can handle it.
      await page.route(/\.data(\?|$)/, (route) => route.abort());
      await mainNav(page).getByRole("link", { name: "Blog" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unexpected Application Error!");
      await page.unroute(/\.data(\?|$)/);
      // The link is a plain one, so the home page loads as a new document: its wait is the navigation's, which a
      // busy host can stretch past an assertion's 5 s.
      await page.getByRole("link", { name: "Go to Homepage" }).click();
      await page.waitForURL(/:\d+\/$/);
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Unexpected Application Error!");
      await expect(page.getByRole("link", { name: "Go to Homepage" })).toHaveCount(0);
    });
  });

  test("a disabled feature shows the 404 page on client navigation too", async ({ page, flags }) => {
    await gotoHydrated(page, "/");
    await flags.set({ contact: false });
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  });
});

test.describe("toasts", () => {
  test("F8 focuses the notification region", async ({ page }) => {
    await gotoHydrated(page, "/");
    // No toast code is loaded until the first toast or the first F8.
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toHaveCount(0);
    await page.keyboard.press("F8");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("[role=region]")?.getAttribute("aria-label")))
      .toBe("Notifications (F8)");
  });

  test("a swipe right past 50 px dismisses the toast; a shorter one leaves it", async ({ page }) => {
    await gotoHydrated(page, `/product/${UNMANAGED.id}`);
    const region = page.getByRole("region", { name: "Notifications (F8)" });
    await page.getByRole("button", { name: "Add to Cart" }).click();
    const toast = region.getByRole("listitem").filter({ hasText: "Added to Cart!" });
    await expect(toast).toBeVisible();
    const swipe = async (dx: number) => {
      // The toast slides in: measured mid-slide on a busy host, the press would land beside it.
      await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      const box = await toast.boundingBox();
      if (!box) throw new Error("the toast has no box");
      const [x, y] = [box.x + 30, box.y + box.height / 2];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y, { steps: 8 });
      await page.mouse.up();
    };
    await swipe(40);
    await expect(toast).toHaveAttribute("data-swipe", "cancel");
    await expect(toast).toBeVisible();
    await swipe(90);
    // Well before the 5000 ms auto-dismiss (paused anyway while the pointer is over the toast).
    await expect(toast).toHaveCount(0, { timeout: 2000 });
  });
});

test.describe("holding page", () => {
  test("every path lands on /please-hold while holdingPage is on", async ({ page, flags }) => {
    await flags.set({ holdingPage: true });
    await page.goto("/blog");
    await expect(page).toHaveURL(/\/please-hold$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("recalibrating");
    await expect(page.getByTestId("theme-toggle")).toBeVisible();
    await flags.set({});
    await page.goto("/please-hold");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("recalibrating");
  });
});
