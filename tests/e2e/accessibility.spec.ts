import { expect, test } from "./fixtures";
import { listAxeViolations } from "./page-helpers";

const PAGES = ["/", "/blog", "/blog/build-an-emergency-fund", "/categories", "/about", "/disclaimer", "/no-such-page"];

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    for (const path of PAGES) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /^(?!.*dark)/);
        expect(await listAxeViolations(page)).toEqual([]);
      });
    }
  });
}
