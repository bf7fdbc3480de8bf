import { defineConfig } from "@playwright/test";
import gate from "./playwright.config.ts";

/**
 * `npm run test:site`, the site sweep: every page through axe, HTML_CodeSniffer and the Nu HTML checker, and the
 * visual baseline (`tests/site/`). The same servers and fixtures as the end-to-end gate, without the forms server
 * none of these pages posts to.
 */
export default defineConfig({
  ...gate,
  testDir: "tests/site",
  webServer: [gate.webServer ?? []].flat().filter((server) => !server.command.includes("e2e-forms")),
});
