/**
 * The production configuration check (rule 5.7), shared by the production build and `npm run deploy`; it reads
 * `wrangler.toml` with wrangler's own reader so it sees what a deploy would.
 */
import path from "node:path";
import type { Plugin } from "vite";
import { findLegalIdentityProblems } from "../content/site.ts";
import { checkDeployConfig } from "../worker/config.ts";

/** The `wrangler.toml` environment that is deployed. */
export const PRODUCTION_ENV = "production";

/** The `[vars]` of one environment of `wrangler.toml`; throws when wrangler cannot read the file. */
export async function readEnvironmentVars(configPath: string, env: string): Promise<Record<string, unknown>> {
  return (await readEnvironment(configPath, env)).vars;
}

async function readEnvironment(
  configPath: string,
  env: string,
): Promise<{ vars: Record<string, unknown>; databases: Array<{ binding: string; id: string }> }> {
  const { unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: configPath, env }, { hideWarnings: true });
  const databases = config.d1_databases.map((database: { binding: string; database_id?: string }) => ({
    binding: database.binding,
    id: database.database_id ?? "",
  }));
  return { vars: { ...config.vars }, databases };
}

/** Refusals (one line each) for `d1` forms without a real `FORMS_DB` database (rule 6.6). */
export function findFormsDeployProblems(
  vars: Record<string, unknown>,
  databases: ReadonlyArray<{ binding: string; id: string }>,
): string[] {
  if (vars.FORMS_MODE !== "d1") return [];
  const database = databases.find((entry) => entry.binding === "FORMS_DB");
  if (!database) return ['FORMS_MODE is "d1" but the environment binds no FORMS_DB database (README.md, "Forms")'];
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(database.id)) {
    return [`FORMS_DB's database_id is not a database id ("${database.id}"): use the id wrangler d1 create printed`];
  }
  return [];
}

/** Checks the production environment: one line per refusal, empty when it may ship. */
export async function findDeployProblems(configPath: string): Promise<string[]> {
  const { vars, databases } = await readEnvironment(configPath, PRODUCTION_ENV);
  return [...checkDeployConfig(vars), ...findFormsDeployProblems(vars, databases), ...findLegalIdentityProblems()];
}

/** The message printed when a production build or deploy is refused. */
export function formatDeployProblems(problems: readonly string[]): string {
  return [
    `The "${PRODUCTION_ENV}" environment in wrangler.toml cannot be deployed:`,
    ...problems.map((problem) => `  - ${problem}`),
    `Set [env.${PRODUCTION_ENV}.vars] (COMMERCE_MODE = "live", COMMERCE_API_URL, STORE_ID, CHECKOUT_ALLOWED_HOSTS); see README.md "Configuration".`,
  ].join("\n");
}

/** Vite plugin: a production build stops before bundling when the check fails. */
export function deployConfigCheck(production: boolean): Plugin {
  return {
    name: "vpf:deploy-config-check",
    apply: "build",
    async buildStart() {
      if (!production) return;
      const problems = await findDeployProblems(path.resolve("wrangler.toml"));
      if (problems.length > 0) this.error(formatDeployProblems(problems));
    },
  };
}
