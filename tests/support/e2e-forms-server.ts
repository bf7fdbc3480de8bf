/**
 * The end-to-end tests' second server: the built worker with `FORMS_MODE=d1` (rule 6.6) and every visit
 * reporting its Web Vitals (rule 8.5), its state emptied and migrated first so each run begins with an empty database.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { WRANGLER_BIN, WRANGLER_ENV, applyLocalMigrations, buildDevServerArgs } from "../../scripts/wrangler.ts";
import { E2E_FORMS_PERSIST_DIR, E2E_FORMS_PORT } from "./e2e-forms.ts";

rmSync(E2E_FORMS_PERSIST_DIR, { recursive: true, force: true });
applyLocalMigrations(E2E_FORMS_PERSIST_DIR);
const server = spawn(
  WRANGLER_BIN,
  buildDevServerArgs({
    port: E2E_FORMS_PORT,
    inspectorPort: E2E_FORMS_PORT + 1000,
    persistDir: E2E_FORMS_PERSIST_DIR,
    extra: ["--var", "FORMS_MODE:d1", "--var", "VITALS_SAMPLE_RATE:1", "--log-level", "warn"],
  }),
  { stdio: "inherit", env: WRANGLER_ENV },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
