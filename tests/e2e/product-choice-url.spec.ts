/** The chosen variant in the product page's address (rule 4.9): opened, pushed on each choice, stepped by Back. */
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

test("an unknown or malformed choice in the address opens the first size, without an error", async ({ page }) => {
  for (const value of ["no-such-size", "%3Cb%3E", "L%20L"]) {
    const response = await gotoHydrated(page, `${path}?${param}=${value}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("radio", { name: SIZE_A.title, exact: true })).toBeChecked();
  }
});

test("each choice is a step in the history: Back and Forward go through them", async ({ page }) => {
  await gotoHydrated(page, path);
  const radio = (title: string) => page.getByRole("radio", { name: title, exact: true });
  await page.locator("fieldset label", { hasText: new RegExp(`^${SIZE_B.title}$`) }).click();
  await expect(page).toHaveURL(addressOf(SIZE_B.title));
  await page.locator("fieldset label", { hasText: new RegExp(`^${SIZE_C.title}$`) }).click();
  await expect(page).toHaveURL(addressOf(SIZE_C.title));
  await page.goBack();
  await expect(page).toHaveURL(addressOf(SIZE_B.title));
  await expect(radio(SIZE_B.title)).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(path);
  await expect(radio(SIZE_A.title)).toBeChecked();
  await page.goForward();
  await expect(radio(SIZE_B.title)).toBeChecked();
});
