/**
 * The production configuration check (rule 5.7), shared by the production
 * build (a Vite plugin) and `npm run deploy`. It reads the `production`
 * environment of `wrangler.toml` with wrangler's own reader and refuses the
 * commerce sandbox, empty or placeholder values, and anything the worker
 * would have to replace with a default (`checkDeployConfig` in `worker/config.ts`),
 * and a seller's legal identity that is still sample data (`content/site.ts`).
 */
import path from "node:path";
import type { Plugin } from "vite";
import { findLegalIdentityProblems } from "../content/site.ts";
import { checkDeployConfig } from "../worker/config.ts";

/** The `wrangler.toml` environment that is deployed. */
export const PRODUCTION_ENV = "production";

/**
 * Reads the `[vars]` of an environment of a wrangler configuration file.
 *
 * @param configPath path of `wrangler.toml`.
 * @throws Error when wrangler cannot read the file.
 */
export async function readEnvironmentVars(configPath: string, env: string): Promise<Record<string, unknown>> {
  const { unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: configPath, env }, { hideWarnings: true });
  return { ...config.vars };
}

/**
 * Checks the production environment.
 *
 * @returns one line per refusal; empty when the configuration may ship.
 */
export async function findDeployProblems(configPath: string): Promise<string[]> {
  return [...checkDeployConfig(await readEnvironmentVars(configPath, PRODUCTION_ENV)), ...findLegalIdentityProblems()];
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
