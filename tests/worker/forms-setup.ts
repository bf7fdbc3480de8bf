/**
 * Before each `worker-forms` test file: the real local D1 database `FORMS_DB`
 * gets the project's migrations (`migrations/`, read by vitest.config.ts and
 * handed over as the `TEST_MIGRATIONS` binding), as
 * `wrangler d1 migrations apply` gives them to `npm start`.
 */
import { type D1Migration, applyD1Migrations, env } from "cloudflare:test";
import { readFormsDb } from "./forms-db";

await applyD1Migrations(readFormsDb(), (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);
