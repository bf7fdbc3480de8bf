/** Where the end-to-end tests' `d1` forms server listens and keeps its state, for the server and the tests. */
import path from "node:path";
import { ROOT } from "../../scripts/wrangler.ts";

/** Port of the `d1` forms server (`E2E_FORMS_PORT`, default 9299). */
export const E2E_FORMS_PORT = Number(process.env.E2E_FORMS_PORT ?? 9299);

/** Its local state: KV, and the `FORMS_DB` SQLite database the tests read back. */
export const E2E_FORMS_PERSIST_DIR = path.join(ROOT, ".wrangler", "e2e-forms-state");
