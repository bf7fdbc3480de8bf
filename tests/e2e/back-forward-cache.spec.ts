/**
 * Back from checkout with the back-forward cache on, as in visitors' browsers
 * (rule 5.9). Playwright starts Chromium with the cache off, so this file
 * launches its own.
 */
import { PLAYWRIGHT_CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.ts";
import { expect, test } from "./fixtures";
import { goBackFromCheckout } from "./page-helpers";

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: PLAYWRIGHT_CHROMIUM_ARGS,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  },
});

test("Back from the checkout page restores the cart as Cancel does, on a page shown again from the cache", async ({
  page,
}) => {
  expect(await goBackFromCheckout(page)).toBe(true);
});
