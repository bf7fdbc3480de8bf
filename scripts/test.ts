/**
 * `npm test`: every check in order, stopping at the first failure. End-to-end files run in two Playwright workers
 * by default: on a quiet 2-core machine 190 to 204 s against 225 s for one.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH } from "./chromium.ts";
import { JAVA_BIN, JAVA_INSTALL_COMMAND, hasJava } from "./java.ts";
import { ROOT } from "./wrangler.ts";

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `✖ No Chromium at ${CHROMIUM_PATH}: the end-to-end tests need it.\n` +
      "  Install it with:  apt-get update && apt-get install -y chromium\n" +
      "  (or set CHROMIUM_PATH to an existing Chromium binary).",
  );
  process.exit(1);
}
if (!hasJava()) {
  console.error(
    `✖ No Java runtime (${JAVA_BIN}): the end-to-end HTML validity test runs vnu.jar on it.\n` +
      `  Install it with:  ${JAVA_INSTALL_COMMAND}\n` +
      "  (or set JAVA to an existing java binary).",
  );
  process.exit(1);
}

const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);

const steps: Array<[string, string, string[]]> = [
  ["Typecheck", "npm", ["run", "typecheck"]],
  ["Lint (ESLint)", bin("eslint"), [".", "--max-warnings", "0"]],
  ["Format (Prettier)", bin("prettier"), ["--check", "."]],
  ["Unit tests", bin("vitest"), ["run", "--project", "unit"]],
  ["Build", bin("react-router"), ["build"]],
  ["Worker tests (workerd)", bin("vitest"), ["run", "--project", "worker", "--project", "worker-forms"]],
  ["End-to-end tests (Chromium)", bin("playwright"), ["test"]],
];

const started = Date.now();
for (const [label, command, args] of steps) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: "inherit",
    env: { E2E_WORKERS: "2", ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed.`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`);
}
console.log(`\n✔ All checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`checks: ${steps.length} passed, 0 failed`);
