/**
 * The owner's own catalogue, whatever its shape (one product, downloads only, no sale, no sizes): every product page
 * renders, every purchasable variant can be added, and the cart of them checks out in the sandbox. The store's other
 * tests run on the tests' own products (`tests/support/test-catalogue.ts`); this walk is what the owner's must pass.
 */
import { products as ownerProducts } from "../../content/products.ts";
import { expect, test } from "./fixtures";
import { addToCart } from "./page-helpers";

const purchasable = ownerProducts.filter((product) => product.purchasable);

test("every product page of the owner's catalogue renders with its title", async ({ page }) => {
  for (const product of ownerProducts) {
    const response = await page.goto(`/product/${product.id}`);
    expect(response?.status(), product.id).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title);
  }
});

test("every purchasable variant of the owner's catalogue goes into the cart, which checks out in the sandbox", async ({
  page,
}) => {
  test.skip(purchasable.length === 0, "the owner sells nothing yet");
  let lines = 0;
  for (const product of purchasable) {
    for (const variant of product.variants) {
      if (variant.manage_inventory && variant.inventory_quantity <= 0) continue;
      // A product of one variant shows no choice; one of several, a button per variant.
      await addToCart(page, product.id, product.variants.length > 1 ? { variant: variant.title } : {});
      lines += 1;
      await expect(page.getByTestId("cart-badge")).toHaveText(String(lines));
    }
  }
  await page.getByTestId("cart-button").click();
  await page.getByRole("dialog", { name: "Shopping Cart" }).getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\?session=/);
  await page.getByRole("link", { name: /Pay/ }).click();
  await expect(page).toHaveURL(/\/success\?receipt=[\w-]+\.[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You for Your Order!");
});
