/**
 * Shared end-to-end fixtures:
 * - `flags.set(partial)` writes the flags (defaults plus `partial`) to the e2e
 *   server's local KV through wrangler, as an operator would; every test
 *   starts and ends on the defaults.
 * - Every test fails if the browser logged an error (other than the expected
 *   404 status of a 404 page) or a hydration warning, or a page threw.
 */
import { test as base, expect } from "@playwright/test";
import { DEFAULT_FLAGS, type Flags } from "../../core/flags-schema.ts";
import { writeFlagsValue } from "../../scripts/wrangler.ts";
import { E2E_PERSIST_DIR } from "../../playwright.config.ts";

/** Writes flags for the e2e server: the defaults with `changes` applied. */
export function setFlags(changes: Partial<Flags>): void {
  writeFlagsValue("local", JSON.stringify({ ...DEFAULT_FLAGS, ...changes }), E2E_PERSIST_DIR);
}

interface Fixtures {
  flags: { set: (changes: Partial<Flags>) => void };
  /** Console messages a test expects (e.g. the failed load of a deliberate 409), or `null`. */
  expectedConsole: RegExp | null;
  consoleProblems: string[];
}

export const test = base.extend<Fixtures>({
  flags: async ({}, use) => {
    setFlags({});
    await use({ set: setFlags });
    setFlags({});
  },
  expectedConsole: [null, { option: true }],
  consoleProblems: [
    async ({ page, expectedConsole }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        // A 404 page's own status is expected; Chromium logs it as a failed load.
        if (/status of 404 \(Not Found\)/.test(text)) return;
        if (expectedConsole?.test(text)) return;
        if (message.type() === "error" || /hydrat/i.test(text)) problems.push(`${message.type()}: ${text}`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, "browser console errors or hydration warnings").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
