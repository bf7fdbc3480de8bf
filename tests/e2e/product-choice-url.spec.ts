/**
 * The chosen variant in the product page's address (rule 4.9): opened in any case, each choice in place of the
 * current history entry, an unmet choice said.
 */
import { readChoiceParam, slugifyChoice } from "../../core/product-choice.ts";
import { SIZED, SIZE_A, SIZE_B, SIZE_C } from "../support/catalogue";
import { expect, gotoHydrated, test } from "./fixtures";

const path = `/product/${SIZED.id}`;
const param = readChoiceParam(SIZED);
const addressOf = (title: string) => `${path}?${param}=${slugifyChoice(title)}`;

test("the address's choice opens the page with that size chosen; the canonical link stays the bare path", async ({
  page,
}) => {
  await gotoHydrated(page, addressOf(SIZE_C.title));
  await expect(page.getByRole("radio", { name: SIZE_C.title, exact: true })).toBeChecked();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
});

test("an unknown or malformed choice in the address opens the first size, without an error, and says so", async ({
  page,
}) => {
  for (const value of ["no-such-size", "%3Cb%3E", "L%20L"]) {
    const response = await gotoHydrated(page, `${path}?${param}=${value}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("radio", { name: SIZE_A.title, exact: true })).toBeChecked();
    await expect(page.getByRole("status").filter({ hasText: "is not available" })).toContainText(
      `showing ${SIZE_A.title}.`,
    );
  }
});

test("the address's choice is read in any case, as the size's button writes it", async ({ page }) => {
  await gotoHydrated(page, `${path}?${param}=${encodeURIComponent(SIZE_C.title.toUpperCase())}`);
  await expect(page.getByRole("radio", { name: SIZE_C.title, exact: true })).toBeChecked();
  await expect(page.getByText("is not available")).toHaveCount(0);
});

test("each choice takes the place of the address, so Back leaves the page instead of walking through sizes", async ({
  page,
}) => {
  await gotoHydrated(page, "/store");
  await gotoHydrated(page, path);
  await page.locator("fieldset label", { hasText: new RegExp(`^${SIZE_B.title}$`) }).click();
  await expect(page).toHaveURL(addressOf(SIZE_B.title));
  await page.locator("fieldset label", { hasText: new RegExp(`^${SIZE_C.title}$`) }).click();
  await expect(page).toHaveURL(addressOf(SIZE_C.title));
  await page.goBack();
  await expect(page).toHaveURL(/\/store$/);
  await page.goForward();
  await expect(page).toHaveURL(addressOf(SIZE_C.title));
  await expect(page.getByRole("radio", { name: SIZE_C.title, exact: true })).toBeChecked();
});
