/**
 * `npm run vitals -- [--days N]`: prints the p75 of each Web Vital per route
 * pattern from the field data (rule 8.5); see `scripts/vitals-cli.ts`.
 */
import { runVitals } from "./vitals-cli.ts";

process.exitCode = await runVitals(process.argv.slice(2), process.env, console);
