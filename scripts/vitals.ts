/** `npm run vitals -- [--days N]`: the field data's p75 per route (rule 8.5); see `scripts/vitals-cli.ts`. */
import { terminal } from "./terminal-text.ts";
import { runVitals } from "./vitals-cli.ts";

process.exitCode = await runVitals(process.argv.slice(2), process.env, terminal);
