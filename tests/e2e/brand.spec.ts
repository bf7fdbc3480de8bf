/**
 * What a visitor notices on the brand surface: the cart drawer's detail, a
 * saved cart that cannot go stale, /success, form feedback and smooth hash
 * scrolling (docs/product-rules.md rules 4.7, 5.4, 5.8, 6.3). The trust pages
 * and delivery lines are checked on the worker's HTML (`tests/worker/`).
 */
import type { Page } from "@playwright/test";
import { readAvailableStock } from "../../core/cart.ts";
import {
  ON_SALE,
  ON_SALE_VARIANT,
  SIZED,
  SIZE_A,
  SIZE_B,
  SIZE_C,
  UNMANAGED,
  UNMANAGED_VARIANT,
  formatDollars,
  nameLine,
  readUnitPrice,
} from "../support/catalogue";
import { expect, gotoHydrated, installClock, stopClock, test, waitForHydration } from "./fixtures";
import { addToCart } from "./page-helpers";

const toast = (page: Page) => page.getByTestId("toast");
const badge = (page: Page) => page.getByTestId("cart-badge");
const drawer = (page: Page) => page.getByRole("dialog", { name: "Shopping Cart" });
const USD = { code: "USD", symbol: "$", template: "$$1" };

/** Adds a product as a visitor does and waits for its confirmation. */
async function addToCartConfirmed(
  page: Page,
  productId: string,
  options: { variant?: string; quantity?: number } = {},
) {
  await addToCart(page, productId, options);
  await expect(toast(page)).toContainText("Added to Cart!");
}

/** Saves `items` under `vpf-cart` before the first page of the test loads. */
async function saveCart(page: Page, items: unknown[]) {
  await page.addInitScript((saved) => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    localStorage.setItem("vpf-cart", JSON.stringify({ version: 1, items: saved }));
  }, items);
}

function line(id: string, title: string, product: { id: string; title: string }, quantity: number, price = 2500) {
  return {
    product: { id: product.id, title: product.title, image: null },
    variant: {
      id,
      title,
      manage_inventory: true,
      inventory_quantity: 100,
      price_in_cents: price,
      sale_price_in_cents: null,
      currency: USD,
    },
    quantity,
  };
}

const SALE_PRICE = readUnitPrice(ON_SALE_VARIANT);

test.describe("cart drawer", () => {
  test("shows unit prices, the sale saving, the shipping note, and never the word 'Default'", async ({ page }) => {
    await addToCartConfirmed(page, SIZED.id, { variant: SIZE_B.title, quantity: 2 });
    await addToCartConfirmed(page, ON_SALE.id, { quantity: 2 });
    await page.getByTestId("cart-button").click();
    const lines = drawer(page).getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0).getByTestId("cart-unit-price")).toContainText(`${formatDollars(readUnitPrice(SIZE_B))}`);
    await expect(lines.nth(1).getByTestId("cart-unit-price")).toContainText(formatDollars(SALE_PRICE));
    await expect(lines.nth(1).getByTestId("cart-unit-price")).toContainText(
      formatDollars(ON_SALE_VARIANT.price_in_cents),
    );
    await expect(lines.nth(1).getByTestId("cart-saving")).toHaveText(
      `You save ${formatDollars(2 * (ON_SALE_VARIANT.price_in_cents - SALE_PRICE))}`,
    );
    await expect(drawer(page)).not.toContainText("Default");
    await expect(drawer(page).getByRole("button", { name: `Remove ${ON_SALE.title}`, exact: true })).toBeVisible();
    await expect(drawer(page).getByRole("button", { name: `Remove ${nameLine(SIZED, SIZE_B)}` })).toBeVisible();
    await expect(drawer(page)).toContainText("Shipping and taxes calculated at checkout.");
    await expect(drawer(page).getByTestId("cart-total")).toHaveText(
      formatDollars(2 * readUnitPrice(SIZE_B) + 2 * SALE_PRICE),
    );
    await drawer(page).getByRole("button", { name: "Continue Shopping" }).click();
    await expect(drawer(page)).toBeHidden();
    await expect(page.getByTestId("cart-button")).toBeFocused();
  });

  test("a tampered saved price shows the catalogue's price", async ({ page }) => {
    await saveCart(page, [line(ON_SALE_VARIANT.id, ON_SALE_VARIANT.title, ON_SALE, 1, 1)]);
    await gotoHydrated(page, "/store");
    await expect(badge(page)).toHaveText("1");
    await page.getByTestId("cart-button").click();
    await expect(drawer(page).getByTestId("cart-total")).toHaveText(formatDollars(SALE_PRICE));
    await expect(drawer(page)).not.toContainText("$0.01");
  });

  test("a stale saved cart drops a vanished variant and caps a line above stock, saying what changed", async ({
    page,
  }) => {
    const stock = readAvailableStock(SIZE_A);
    await saveCart(page, [
      line(`${SIZED.id}-no-such-size`, "XXL", SIZED, 1),
      line(SIZE_A.id, SIZE_A.title, SIZED, stock + 5),
    ]);
    await gotoHydrated(page, "/store");
    await expect(badge(page)).toHaveText(String(stock));
    await expect(toast(page)).toContainText("Cart Updated");
    await expect(toast(page)).toContainText(
      `${SIZED.title} (XXL) is no longer in the store and was removed from your cart.`,
    );
    await expect(toast(page)).toContainText(
      `${nameLine(SIZED, SIZE_A)}: only ${stock} in stock, so your cart now holds ${stock}.`,
    );
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("vpf-cart") ?? "{}"));
    expect(
      saved.items.map((item: { variant: { id: string }; quantity: number }) => [item.variant.id, item.quantity]),
    ).toEqual([[SIZE_A.id, stock]]);
  });

  test("a quantity of 1e308 never reaches the badge or the total", async ({ page }) => {
    const huge = line(UNMANAGED_VARIANT.id, UNMANAGED_VARIANT.title, UNMANAGED, 1e308);
    await saveCart(page, [{ ...huge, variant: { ...huge.variant, manage_inventory: false } }]);
    await gotoHydrated(page, "/store");
    await expect(badge(page)).toHaveText("999999");
    await page.getByTestId("cart-button").click();
    await expect(drawer(page).getByTestId("cart-total")).toHaveText(
      formatDollars(999_999 * readUnitPrice(UNMANAGED_VARIANT)),
    );
  });

  test.describe("when the worker's stock changed since the page loaded", () => {
    test.use({ expectedConsole: /status of 409|\[checkout\]/ });

    test("a 409 keeps the exact 'Checkout Error' toast and shows the worker's message beside the line", async ({
      page,
    }) => {
      const message = `Not enough stock for ${nameLine(SIZED, SIZE_A)}. Only 2 left.`;
      await addToCartConfirmed(page, SIZED.id, { variant: SIZE_A.title, quantity: 3 });
      await addToCartConfirmed(page, ON_SALE.id);
      // The commerce side sold out meanwhile: the worker answers as it does for stock (409 + message).
      await page.route("**/api/checkout", (route) =>
        route.fulfill({
          status: 409,
          contentType: "application/json",
          body: JSON.stringify({
            error: "insufficient_stock",
            message,
          }),
        }),
      );
      await page.getByTestId("cart-button").click();
      await drawer(page).getByRole("button", { name: "Checkout" }).click();
      await expect(toast(page)).toContainText("Checkout Error");
      await expect(toast(page)).toContainText("There was a problem initializing checkout. Please try again.");
      const sized = drawer(page).getByTestId("cart-line").filter({ hasText: SIZED.title });
      await expect(sized.getByRole("alert")).toHaveText(message);
      await expect(
        drawer(page).getByTestId("cart-line").filter({ hasText: ON_SALE.title }).getByRole("alert"),
      ).toHaveCount(0);
      await expect(badge(page)).toHaveText("4");
    });
  });
});

test.describe("/success", () => {
  test("opened directly, it confirms nothing and leaves the cart alone", async ({ page }) => {
    await addToCartConfirmed(page, ON_SALE.id);
    await gotoHydrated(page, "/success");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No Order to Show");
    await expect(page.locator("main")).not.toContainText(/thank you|payment went through|order is confirmed/i);
    await expect(badge(page)).toHaveText("1");
    await gotoHydrated(page, "/success?order=%3Cscript%3E");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No Order to Show");
  });

  test("from checkout, it shows the order reference and what was bought", async ({ page }) => {
    await addToCartConfirmed(page, SIZED.id, { variant: SIZE_C.title, quantity: 2 });
    await page.getByTestId("cart-button").click();
    await drawer(page).getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout/);
    // The hosted page sends the buyer back with the receipt the worker signed.
    await page.getByRole("link", { name: /Pay/ }).click();
    await expect(page).toHaveURL(/\/success\?/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You for Your Order!");
    await expect(page.getByTestId("order-reference")).toHaveText(/^VPF-[0-9A-F]{8}$/);
    await expect(page.getByTestId("order-lines")).toHaveText(
      `${nameLine(SIZED, SIZE_C)} × 2${formatDollars(2 * readUnitPrice(SIZE_C))}`,
    );
    await expect(badge(page)).toHaveCount(0);
  });
});

test.describe("form feedback", () => {
  test("the 'Missing Information' toast closes once the corrected form starts sending", async ({ page }) => {
    const startedAt = await installClock(page);
    await gotoHydrated(page, "/contact");
    // The toasts' region loads on the first toast or F8, on a timer: loaded first, it shows toasts with the clock
    // stopped, and then neither the toast's own life nor the simulated send's wait can run out meanwhile.
    await page.keyboard.press("F8");
    await expect(page.getByRole("region", { name: /^Notifications/ })).toBeAttached();
    await stopClock(page, startedAt);
    await page.getByLabel("Email *").fill("ada@example.com");
    await page.getByLabel("Message *").fill("Hello");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page)).toContainText("Missing Information");
    await page.getByLabel("Name *").fill("Ada");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(page.getByTestId("toast").filter({ hasText: "Missing Information" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Sending..." }), "still sending").toBeDisabled();
  });
});

test.describe("hash links", () => {
  /** Scroll positions of the page, one per animation frame, for `frames` frames after a click. */
  async function clickAndSample(page: Page, name: string, frames = 30): Promise<number[]> {
    await page.evaluate((count) => {
      const samples: number[] = [];
      (window as unknown as { samples: number[] }).samples = samples;
      const tick = () => {
        samples.push(window.scrollY);
        if (samples.length < count) requestAnimationFrame(tick);
      };
      document.addEventListener("click", () => requestAnimationFrame(tick), { once: true, capture: true });
    }, frames);
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name }).click();
    await page.waitForFunction((count) => (window as unknown as { samples: number[] }).samples.length >= count, frames);
    return page.evaluate(() => (window as unknown as { samples: number[] }).samples);
  }

  test("a hash link scrolls over several frames", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await gotoHydrated(page, "/disclaimer");
    const samples = await clickAndSample(page, "No Liability");
    const final = samples.at(-1)!;
    expect(final).toBeGreaterThan(300);
    // A jump lands in one frame; a smooth scroll passes at least one position on the way, however
    // few frames a busy machine draws.
    expect(
      samples.filter((y) => y > 0 && y !== final),
      `scroll positions: ${samples.join(", ")}`,
    ).not.toEqual([]);
    await expect(page).toHaveURL(/#no-liability$/);
  });

  test("under reduced motion it jumps", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHydrated(page, "/disclaimer");
    const samples = await clickAndSample(page, "No Liability", 10);
    const final = samples.at(-1)!;
    expect(final).toBeGreaterThan(300);
    expect(
      samples.filter((y) => y > 0 && y !== final),
      `scroll positions: ${samples.join(", ")}`,
    ).toEqual([]);
  });
});
