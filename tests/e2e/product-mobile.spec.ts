/**
 * The product page on a phone (390×844): the size choice and Add to Cart are
 * on the first screen (rule 4.8), and the 'Added to Cart!' toast's
 * 'View cart' opens the drawer with nothing covering its Checkout button
 * (rules 4.3, 7.2).
 */
import type { Locator, Page } from "@playwright/test";
import { products } from "../support/test-catalogue.ts";
import { SIZED, SIZE_A, nameLine } from "../support/catalogue";
import { expect, gotoHydrated, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

/** Whether a tap anywhere on `target` (its centre and the ends of its top and bottom edges, clear of its rounded corners) lands on it. */
async function isUncovered(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inset = box.height / 2;
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + inset, box.top + 2],
      [box.right - inset, box.top + 2],
      [box.left + inset, box.bottom - 2],
      [box.right - inset, box.bottom - 2],
    ];
    return points.every(([x = 0, y = 0]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element.contains(hit);
    });
  });
}

test("the size choice and Add to Cart are on the first screen, before and after hydration", async ({ page }) => {
  await page.goto(`/product/${SIZED.id}`, { waitUntil: "domcontentloaded" });
  const sizes = page.getByRole("group", { name: SIZED.options[0]!.title });
  const add = page.getByRole("button", { name: "Add to Cart" });
  await expect(sizes).toBeInViewport({ ratio: 1 });
  await expect(add).toBeInViewport({ ratio: 1 });
  await gotoHydrated(page, `/product/${SIZED.id}`);
  await expect(sizes).toBeInViewport({ ratio: 1 });
  await expect(add).toBeInViewport({ ratio: 1 });
  expect(await isUncovered(add)).toBe(true);
});

test("the toast's View cart opens the drawer, whose Checkout button nothing covers", async ({ page }) => {
  await gotoHydrated(page, `/product/${SIZED.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Added to Cart!");
  await expect(toast).toContainText(`${nameLine(SIZED, SIZE_A)} × 1 is in your cart.`);
  await toast.getByRole("button", { name: "View cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId("cart-line")).toHaveCount(1);
  const checkout = drawer.getByRole("button", { name: "Checkout" });
  await expect(checkout).toBeInViewport({ ratio: 1 });
  await expect(toast).toHaveCount(0);
  await expect.poll(() => isUncovered(checkout)).toBe(true);

  // Opening the drawer with the cart button closes a toast still on screen.
  await drawer.getByRole("button", { name: "Close cart" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast).toContainText(`${nameLine(SIZED, SIZE_A)} × 1 is in your cart.`);
  await page.getByTestId("cart-button").click();
  await expect(drawer).toBeVisible();
  // Well before the toast's own 5000 ms are over.
  await expect(toast).toHaveCount(0, { timeout: 1500 });
  await expect.poll(() => isUncovered(checkout)).toBe(true);
});

test("a toast raised while the drawer is open stays clear of Checkout", async ({ page }) => {
  await gotoHydrated(page, "/store");
  await page.getByTestId("cart-button").click();
  const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
  const checkout = drawer.getByRole("button", { name: "Checkout" });
  await checkout.click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Your cart is empty");
  await expect(toast).toBeInViewport();
  await expect.poll(() => isUncovered(checkout)).toBe(true);
});

/** A product with two photos or more, whose gallery has something to swipe to. */
const GALLERY = products.find((product) => product.images.length >= 2);

/** A finger's swipe to the left across the gallery, as touch events from Chromium's input layer. */
async function swipeLeft(page: Page): Promise<void> {
  const box = (await page.getByTestId("gallery-track").boundingBox())!;
  const y = Math.round(box.y + box.height / 2);
  const session = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x?: number) =>
    session.send("Input.dispatchTouchEvent", { type, touchPoints: x === undefined ? [] : [{ x, y }] });
  await touch("touchStart", Math.round(box.x + box.width * 0.85));
  // Many small moves, as a finger's: one jump would be no swipe.
  for (let step = 1; step <= 12; step += 1)
    await touch("touchMove", Math.round(box.x + box.width * (0.85 - step * 0.05)));
  await touch("touchEnd");
  await session.detach();
}

test.describe("the gallery on a phone", () => {
  test.skip(!GALLERY, "the gallery swipes only with two photos or more");
  test.use({ hasTouch: true });
  const slide = (page: Page, position: number) => page.getByRole("img", { name: `(${position} of ` });
  const dot = (page: Page, position: number) => page.getByRole("link", { name: `Show image ${position}`, exact: true });

  test("a swipe brings the next picture and its dot follows; a dot brings its picture", async ({ page }) => {
    await gotoHydrated(page, `/product/${GALLERY!.id}`);
    await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");
    await swipeLeft(page);
    await expect(slide(page, 2)).toBeInViewport({ ratio: 0.9 });
    await expect(dot(page, 2)).toHaveAttribute("aria-current", "true");
    await expect(dot(page, 1)).not.toHaveAttribute("aria-current");
    // The swipe ends snapped to the second picture's edge.
    const track = page.getByTestId("gallery-track");
    await expect.poll(() => track.evaluate((element) => element.scrollLeft / element.clientWidth)).toBe(1);
    await dot(page, 1).click();
    await expect(slide(page, 1)).toBeInViewport({ ratio: 0.9 });
    await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a swipe still brings the next picture", async ({ page }) => {
      await page.goto(`/product/${GALLERY!.id}`);
      await expect(slide(page, 1)).toBeInViewport({ ratio: 0.9 });
      await swipeLeft(page);
      await expect(slide(page, 2)).toBeInViewport({ ratio: 0.9 });
    });
  });
});
