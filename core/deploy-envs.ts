/**
 * The environments of `wrangler.toml` that are deployed. `CLOUDFLARE_ENV` names one when a build is for it; the
 * build then refuses the sandbox and the test pages (rule 5.7, `app/routes.ts`).
 */
export const DEPLOY_ENVS = ["production", "staging"] as const;

export type DeployEnv = (typeof DEPLOY_ENVS)[number];

/** The deployed environment `name` (the build's `CLOUDFLARE_ENV`) names, or `null` for a local build. */
export function readDeployEnv(name: string | undefined): DeployEnv | null {
  return DEPLOY_ENVS.find((env) => env === name) ?? null;
}
