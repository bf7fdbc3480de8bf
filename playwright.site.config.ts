import { defineConfig } from "@playwright/test";
import gate from "./playwright.config.ts";
import { CHROMIUM_PATH } from "./scripts/chromium.ts";

/**
 * `npm run test:site`, the site sweep: every page through axe, HTML_CodeSniffer and the Nu HTML checker, and the
 * visual baseline (`tests/site/`). The same servers and fixtures as the end-to-end gate, without the forms server
 * none of these pages posts to. The full browser, in which the visual baseline was drawn.
 */
export default defineConfig({
  ...gate,
  testDir: "tests/site",
  use: { ...gate.use, launchOptions: { ...gate.use?.launchOptions, executablePath: CHROMIUM_PATH } },
  webServer: [gate.webServer ?? []].flat().filter((server) => !server.command.includes("e2e-forms")),
});
