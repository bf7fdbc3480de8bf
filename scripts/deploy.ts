/**
 * `npm run deploy [-- --env staging] [--dry-run]`: checks the environment's configuration (rule 5.7; production
 * unless `--env` names another), builds and deploys; `--dry-run` uploads nothing. The build goes to its own folder, never `build/`, so a running `npm start` keeps
 * serving. Exits 1 with the reasons when the configuration may not ship or wrangler has no credentials.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEPLOY_ENVS, type DeployEnv, findDeployProblems, formatDeployProblems } from "./deploy-config.ts";
import { ROOT, WRANGLER_ENV } from "./wrangler.ts";

const USAGE = `Usage: npm run deploy -- [--env ${DEPLOY_ENVS.join("|")}] [--dry-run]`;
const { values } = parseArgs({
  options: {
    "dry-run": { type: "boolean", default: false },
    env: { type: "string", default: "production" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const deployEnv = DEPLOY_ENVS.find((env): env is DeployEnv => env === values.env);
if (!deployEnv) {
  console.error(`Unknown environment "${values.env}".\n${USAGE}`);
  process.exit(1);
}
const dryRun = values["dry-run"];
const problems = await findDeployProblems(path.join(ROOT, "wrangler.toml"), deployEnv);
if (problems.length > 0) {
  console.error(formatDeployProblems(problems, deployEnv));
  process.exit(1);
}

/** The deploy's own build folder: `build/` stays what `npm start` serves. */
const DEPLOY_BUILD_DIR = path.join(".wrangler", "deploy-build");

const wrangler = path.join(ROOT, "node_modules", ".bin", "wrangler");
const env = { ...WRANGLER_ENV, CLOUDFLARE_ENV: deployEnv, VPF_BUILD_DIR: DEPLOY_BUILD_DIR };
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
// Credentials before the long build: a deploy that cannot upload should say so at once.
if (!dryRun) {
  const whoami = spawnSync(wrangler, ["whoami"], { cwd: ROOT, env, encoding: "utf8" });
  if (whoami.status !== 0 || /not authenticated/i.test(`${whoami.stdout}${whoami.stderr}`)) {
    console.error(
      "✖ wrangler is not logged in: run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID.",
    );
    process.exit(1);
  }
}
run(path.join(ROOT, "node_modules", ".bin", "react-router"), ["build"]);
run(wrangler, [
  "deploy",
  "--config",
  path.join(DEPLOY_BUILD_DIR, "server", "wrangler.json"),
  ...(dryRun ? ["--dry-run"] : []),
]);
