/**
 * `/cart` (rule 4.13, decision 023): without JavaScript the cart lives in a cookie and every change and Checkout is a
 * form post, through to the sandbox checkout; with JavaScript the page shows the browser's cart and checks out as
 * the drawer does.
 */
import { ON_SALE, ON_SALE_VARIANT, SIZED, SIZE_C, formatDollars, nameLine, readUnitPrice } from "../support/catalogue";
import { expect, test, waitForHydration } from "./fixtures";
import { addToCart } from "./page-helpers";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a buyer adds a size, sets the quantity on /cart and pays through the sandbox checkout", async ({ page }) => {
    await page.goto(`/product/${SIZED.id}`);
    await page.locator("fieldset label", { hasText: new RegExp(`^${SIZE_C.title}$`) }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(/\/cart\?notice=added$/);
    await expect(page.getByRole("status")).toHaveText("Added to your cart.");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    const name = nameLine(SIZED, SIZE_C);
    await expect(page.getByTestId("cart-line")).toContainText(name);

    await page.getByLabel(`Quantity of ${name}`).fill("2");
    await page.getByRole("button", { name: "Update" }).click();
    const total = formatDollars(2 * readUnitPrice(SIZE_C));
    await expect(page.getByTestId("cart-total")).toHaveText(total);

    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\?session=/);
    await expect(page.getByTestId("sandbox-total")).toHaveText(total);
    await page.getByRole("link", { name: /Pay/ }).click();
    await expect(page).toHaveURL(/\/success\?receipt=[\w-]+\.[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You for Your Order!");
    // The order went through, so the cookie cart is spent.
    await page.goto("/cart");
    await expect(page.getByText("Your cart is empty")).toBeVisible();
  });

  test("Cancel on the checkout page comes back to /cart with the cart kept; Remove and a quantity of 0 drop lines", async ({
    page,
  }) => {
    for (const id of [ON_SALE.id, SIZED.id]) {
      await page.goto(`/product/${id}`);
      await page.getByRole("button", { name: "Add to Cart" }).click();
    }
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await page.getByRole("button", { name: "Checkout" }).click();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-line")).toHaveCount(2);

    await page
      .getByTestId("cart-line")
      .filter({ hasText: ON_SALE.title })
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(page.getByRole("status")).toHaveText("The line is removed from your cart.");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await page.getByLabel(/^Quantity of/).fill("0");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Your cart is empty")).toBeVisible();
  });

  test("the header's cart link leads to /cart", async ({ page }) => {
    await page.goto("/store");
    await page.getByRole("banner").getByRole("link", { name: "Shopping cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
  });
});

test("with JavaScript, /cart lists the browser's cart, changes it at once and checks out", async ({ page }) => {
  await addToCart(page, ON_SALE.id, { quantity: 2 });
  await page.goto("/cart");
  await waitForHydration(page);
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(page.getByTestId("cart-total")).toHaveText(formatDollars(2 * readUnitPrice(ON_SALE_VARIANT)));
  await page.getByRole("button", { name: /^Decrease quantity/ }).click();
  await expect(page.getByTestId("cart-total")).toHaveText(formatDollars(readUnitPrice(ON_SALE_VARIANT)));
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\?session=/);
  await expect(page.getByTestId("sandbox-total")).toHaveText(formatDollars(readUnitPrice(ON_SALE_VARIANT)));
});
