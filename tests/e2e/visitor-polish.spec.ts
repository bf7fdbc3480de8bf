/**
 * What a visitor trips on, each checked as a visitor would notice it:
 * a tampered cart kept aside for checkout (rule 5.9), the focus ring of every
 * control (rule 10.1), the mobile menu's Escape and outside tap (rule 2.6),
 * and the home page's card dates in line (rule 3.5). Who sells (rule 2.9) and
 * the home page's one call-to-action band are read from the worker's HTML
 * (`tests/worker/legal-pages.test.ts`).
 */
import type { Page } from "@playwright/test";
import { SIZED, SIZE_A, SIZE_B } from "../support/catalogue";
import { expect, gotoHydrated, test } from "./fixtures";

test.describe("a cart kept aside for checkout", () => {
  test.use({ expectedConsole: /kept aside for checkout/ });

  for (const [name, saved] of [
    ["tampered", `{"savedAt":1,"cart":{"version":1,"items":[{"variant":{"id":"${SIZE_B.id}"},"quantity":"lots"}]}}`],
    ["stale", JSON.stringify({ savedAt: 0, cart: { version: 1, items: [] } })],
    ["not JSON", "{"],
  ] as const) {
    test(`is dropped when ${name}, like a bad saved cart`, async ({ page }) => {
      await gotoHydrated(page, "/store");
      await page.evaluate((value) => localStorage.setItem("vpf-last-order", value), saved);
      await gotoHydrated(page, "/store?checkout=cancelled");
      await expect(page).toHaveURL(/\/store$/);
      // The kept cart is read by code loaded on demand, so it may go a moment after hydration.
      await expect.poll(() => page.evaluate(() => localStorage.getItem("vpf-last-order"))).toBeNull();
      await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    });
  }
});

/**
 * The ring of the focused control, as WCAG contrast ratios: the ring's colour
 * against the page behind it and against the control's own fill. Colours are
 * turned into sRGB by a canvas (the site's colours are `oklch()`), and
 * translucent backgrounds are looked through.
 */
async function readFocusRing(page: Page) {
  return page.evaluate(async () => {
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgba = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = "#000";
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data];
    };
    const luminance = (color: string) => {
      const [r, g, b] = rgba(color).map((byte) => {
        const channel = byte / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    };
    const opaque = (element: Element | null): string => {
      for (let node = element; node; node = node.parentElement) {
        const background = getComputedStyle(node).backgroundColor;
        if (rgba(background)[3]! >= 250) return background;
      }
      return "#fff";
    };
    const focused = document.activeElement as HTMLElement;
    const box = focused.getBoundingClientRect();
    // A visually hidden control (the size radios) shows its ring on its label.
    const shown = box.width <= 1 && box.height <= 1 ? (focused.closest("label") ?? focused) : focused;
    // The ring as it settles, not halfway through a colour transition.
    await Promise.all(shown.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    const style = getComputedStyle(shown);
    return {
      name: `${shown.tagName.toLowerCase()} ${(shown.getAttribute("aria-label") ?? shown.textContent ?? "").trim().slice(0, 30)}`,
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      offset: Number.parseFloat(style.outlineOffset),
      againstPage: contrast(style.outlineColor, opaque(shown.parentElement)),
      againstFill: contrast(style.outlineColor, opaque(shown)),
    };
  });
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`every control of the product page shows a focus ring that stands out (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme, reducedMotion: "reduce" });
    const page = await context.newPage();
    await gotoHydrated(page, `/product/${SIZED.id}`);
    // Focus the selected size by keyboard too: Tab lands on the checked radio of the group.
    const seen = new Set<string>();
    for (let step = 0; step < 60; step++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement === document.body)) break;
      const ring = await readFocusRing(page);
      if (seen.has(ring.name)) continue;
      seen.add(ring.name);
      expect(ring.style, ring.name).not.toBe("none");
      expect(ring.width, ring.name).toBeGreaterThanOrEqual(2);
      expect(ring.againstPage, `${ring.name} against the page`).toBeGreaterThanOrEqual(3);
      // Drawn on the control's own fill, the ring must stand out from it too.
      if (ring.offset < 2) expect(ring.againstFill, `${ring.name} against its fill`).toBeGreaterThanOrEqual(3);
    }
    expect(seen.has(`label ${SIZE_A.title.slice(0, 30)}`)).toBe(true);
    expect([...seen].some((name) => name.startsWith("button Add to Cart"))).toBe(true);
    await context.close();
  });
}

test.describe("the mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("closes on Escape and on a tap outside, and gives focus back to its button", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await page.mouse.click(200, 700);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });
});

for (const [path, width] of [
  ["/", 1024],
  ["/blog", 1280],
] as const) {
  test(`each row of article cards on ${path} has its dates in line, whatever the tags take (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    const rows = await page.locator("main article").evaluateAll((cards) => {
      const byRow = new Map<number, number[]>();
      for (const card of cards) {
        const top = Math.round(card.getBoundingClientRect().top);
        const date = card.querySelector("time")!.getBoundingClientRect().top;
        byRow.set(top, [...(byRow.get(top) ?? []), Math.round(date)]);
      }
      return [...byRow.values()];
    });
    expect(rows.length).toBeGreaterThan(0);
    for (const dates of rows) expect(new Set(dates).size, JSON.stringify(rows)).toBe(1);
  });
}
