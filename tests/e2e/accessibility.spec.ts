import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

const PAGES = ["/", "/blog", "/blog/build-an-emergency-fund", "/categories", "/about", "/disclaimer", "/no-such-page"];

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    for (const path of PAGES) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /^(?!.*dark)/);
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
          .analyze();
        const summary = results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}
