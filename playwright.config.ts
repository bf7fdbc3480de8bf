import { defineConfig, devices } from "@playwright/test";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.ts";
import { buildDevServerArgs } from "./scripts/wrangler.ts";

/**
 * End-to-end tests in Debian's Chromium against the built worker served by
 * `wrangler dev` (run `npm run build` first; `npm test` does). The server
 * reads flags from KV on every request (`FLAGS_CACHE_TTL_MS:0`) and keeps its
 * state in `.wrangler/e2e-state`, apart from `npm start`'s.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
export const E2E_PERSIST_DIR = path.resolve(".wrangler", "e2e-state");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  // No retries: a test that passes only on a second try is a defect to fix, not to hide.
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: [
      "node_modules/.bin/wrangler",
      ...buildDevServerArgs({
        port: E2E_PORT,
        inspectorPort: E2E_PORT + 1000,
        persistDir: E2E_PERSIST_DIR,
        extra: ["--var", "FLAGS_CACHE_TTL_MS:0", "--log-level", "warn"],
      }),
    ].join(" "),
    url: `http://127.0.0.1:${E2E_PORT}/please-hold`,
    env: { WRANGLER_SEND_METRICS: "false" },
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
