/**
 * The chosen variant in the product page's address (rule 4.9): opened in any case, each choice in place of the
 * current history entry, an unmet choice said.
 */
import { readChoiceParam, slugifyChoice } from "../../core/product-choice.ts";
import { SIZED, SIZE_B, SIZE_C } from "../support/catalogue";
import { expect, gotoHydrated, test } from "./fixtures";

const path = `/product/${SIZED.id}`;
const param = readChoiceParam(SIZED);
const addressOf = (title: string) => `${path}?${param}=${slugifyChoice(title)}`;

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
