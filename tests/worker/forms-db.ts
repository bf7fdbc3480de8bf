/**
 * The worker tests' handle on the real local D1 database `FORMS_DB`
 * (declared in wrangler.toml, optional in the generated `Env` because the
 * production environment binds it only for `d1` forms).
 */
import { env } from "cloudflare:test";

/**
 * The `FORMS_DB` binding.
 *
 * @throws Error when the test worker has no such binding (a configuration bug).
 */
export function readFormsDb(): D1Database {
  if (!env.FORMS_DB) throw new Error("FORMS_DB is not bound: check wrangler.toml and build/server/wrangler.json");
  return env.FORMS_DB;
}
