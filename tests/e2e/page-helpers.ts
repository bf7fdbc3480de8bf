/**
 * Steps several end-to-end files take the same way: adding a product to the
 * cart as a visitor does, and asking axe for WCAG 2.2 AA violations (rule 10.1).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { gotoHydrated } from "./fixtures";

/** The axe rule sets every accessibility check uses: WCAG 2.0 to 2.2 A and AA, plus best practice. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Opens `/product/{productId}` (hydrated), picks a variant and a quantity if
 * given, and clicks Add to Cart. It does not wait for the outcome: callers
 * assert the toast they expect.
 */
export async function addToCart(
  page: Page,
  productId: string,
  options: { variant?: string; quantity?: number } = {},
): Promise<void> {
  await gotoHydrated(page, `/product/${productId}`);
  if (options.variant) await page.getByText(options.variant, { exact: true }).click();
  if (options.quantity) {
    await page.getByLabel("Quantity", { exact: true }).fill(String(options.quantity));
    await page.getByLabel("Quantity", { exact: true }).press("Enter");
  }
  await page.getByRole("button", { name: "Add to Cart" }).click();
}

/** axe's violations on the page as it is now, one line each: `id: selector, selector`. */
export async function listAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}
