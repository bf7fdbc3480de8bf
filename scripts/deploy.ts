/**
 * `npm run deploy [-- --dry-run]`: checks the production configuration (rule 5.7), builds and deploys;
 * `--dry-run` uploads nothing. Exits 1 with the reasons when the configuration may not ship.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { findDeployProblems, formatDeployProblems } from "./deploy-config.ts";
import { ROOT, WRANGLER_ENV } from "./wrangler.ts";

const dryRun = process.argv.includes("--dry-run");
const problems = await findDeployProblems(path.join(ROOT, "wrangler.toml"));
if (problems.length > 0) {
  console.error(formatDeployProblems(problems));
  process.exit(1);
}

const env = { ...WRANGLER_ENV, CLOUDFLARE_ENV: "production" };
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run(path.join(ROOT, "node_modules", ".bin", "react-router"), ["build"]);
run(path.join(ROOT, "node_modules", ".bin", "wrangler"), [
  "deploy",
  "--config",
  "build/server/wrangler.json",
  ...(dryRun ? ["--dry-run"] : []),
]);
