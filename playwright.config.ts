import { defineConfig, devices } from "@playwright/test";
import path from "node:path";
import { HEADLESS_SHELL_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from "./scripts/chromium.ts";
import { E2E_FORMS_PORT } from "./tests/support/e2e-forms.ts";
import { buildDevServerArgs } from "./scripts/wrangler.ts";

/**
 * End-to-end tests in Debian's Chromium (its headless shell, `scripts/chromium.ts`) against the built worker under `wrangler dev`, flags read on every
 * request. `E2E_WORKERS=n` gives each of n workers its own server and KV state; a second server always
 * serves the same build with `FORMS_MODE=d1` on `E2E_FORMS_PORT` (`tests/support/e2e-forms-server.ts`).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
export const E2E_PERSIST_DIR = path.resolve(".wrangler", "e2e-state");
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);
/** `wrangler dev` arguments every e2e server gets after the port and state ones. */
export const E2E_SERVER_EXTRA_ARGS = ["--var", "FLAGS_CACHE_TTL_MS:0", "--log-level", "warn"];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: Boolean(process.env.CI),
  // No retries: a test that passes only on a second try is a defect to fix, not to hide.
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A trace records every action with screenshots for every test, passing ones too: about a seventh of the run on
    // two cores. A failure leaves its error and the page's snapshot in test-results/; `E2E_TRACE=1` records traces.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: PLAYWRIGHT_CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    ...(E2E_WORKERS > 1
      ? [] // each worker starts its own server (tests/e2e/fixtures.ts)
      : [
          {
            // Tethered (`scripts/tether.ts`): the server ends with Playwright, however Playwright ends. `exec`
            // leaves no shell between the two, so the tether's parent is Playwright itself.
            command: [
              "exec",
              "node",
              "scripts/tether.ts",
              "node_modules/.bin/wrangler",
              ...buildDevServerArgs({
                port: E2E_PORT,
                inspectorPort: E2E_PORT + 1000,
                persistDir: E2E_PERSIST_DIR,
                extra: E2E_SERVER_EXTRA_ARGS,
              }),
            ].join(" "),
            url: `http://127.0.0.1:${E2E_PORT}/please-hold`,
            env: { WRANGLER_SEND_METRICS: "false" },
            reuseExistingServer: false,
            timeout: 90_000,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
          },
        ]),
    {
      command: "exec node scripts/tether.ts node tests/support/e2e-forms-server.ts",
      url: `http://127.0.0.1:${E2E_FORMS_PORT}/please-hold`,
      env: { WRANGLER_SEND_METRICS: "false" },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
