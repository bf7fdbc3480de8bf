/**
 * A page from the page cache runs under the CSP that names its scripts by
 * hash (rule 8.1): it hydrates, its early-event capture and starter run, and
 * the browser reports no violation (the fixtures fail a test on any console
 * error, which is where Chromium reports a blocked script).
 */
import { expect, gotoHydrated, test } from "./fixtures";

test("a page served from the page cache hydrates under its hash-based CSP", async ({ page, flags }) => {
  await flags.set({});
  let csp = "";
  for (let attempt = 0; attempt < 20 && !csp.includes("'sha256-"); attempt++) {
    const response = await page.request.get("/about");
    csp = response.headers()["content-security-policy"] ?? "";
  }
  expect(csp).toContain("'sha256-");
  const response = await gotoHydrated(page, "/about");
  const served = (await response?.allHeaders())?.["content-security-policy"] ?? "";
  expect(served).toContain("'sha256-");
  expect(served).not.toContain("'nonce-");
  // Hydrated code at work: the toggle switches the light theme to dark.
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await page.getByRole("button", { name: "Switch to dark theme" }).first().click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
});
