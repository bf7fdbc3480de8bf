/**
 * `npm run deploy -- [--env staging] [--dry-run] [--preview]`: checks the environment's configuration (rule 5.7;
 * production unless `--env` names another), prints the plan (`scripts/deploy-plan.ts`), builds, applies the
 * environment's pending D1 migrations, checks that none is left and only then uploads the worker that needs them.
 * `--dry-run` needs no account: it builds, validates the bundle and names the other steps. `--preview` uploads a
 * version with its own address instead, and touches no database. The build goes to its own folder, never `build/`,
 * so a running `npm start` keeps serving. Exits 1 with the reasons when the configuration may not ship, wrangler has
 * no credentials, a migration fails or one is still pending.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { wantsHelp } from "./cli-args.ts";
import { findDeployProblems, formatDeployProblems, readDeployEnvironment } from "./deploy-config.ts";
import {
  DEPLOY_BUILD_DIR,
  DEPLOY_USAGE,
  type DeployOptions,
  type DeployStep,
  formatDeployPlan,
  planDeploy,
  readDeployOptions,
  readMigrationNames,
  reportsNoPendingMigrations,
} from "./deploy-plan.ts";
import { ROOT, WRANGLER_ENV } from "./wrangler.ts";

/** Stops the deploy with `message` on stderr. */
function stop(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

const argv = process.argv.slice(2);
if (wantsHelp(argv)) {
  console.log(DEPLOY_USAGE);
  process.exit(0);
}
let options: DeployOptions;
try {
  options = readDeployOptions(argv);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const configPath = path.join(ROOT, "wrangler.toml");
const problems = await findDeployProblems(configPath, options.env);
if (problems.length > 0) {
  console.error(formatDeployProblems(problems, options.env));
  process.exit(1);
}
const { databases } = await readDeployEnvironment(configPath, options.env);
const planned = databases.map(({ binding, migrationsDir }) => ({
  binding,
  migrations: readMigrationNames(migrationsDir),
}));
const steps = planDeploy({ ...options, databases: planned });
console.log(formatDeployPlan(steps, { ...options, databases: planned }));

const env = { ...WRANGLER_ENV, CLOUDFLARE_ENV: options.env, VPF_BUILD_DIR: DEPLOY_BUILD_DIR };
const binary = (program: string) => path.join(ROOT, "node_modules", ".bin", program);

/** Runs a step's command, its output shown as it comes (or captured), with the environment's build settings. */
function runCommand(step: DeployStep, capture = false, extraEnv: Record<string, string> = {}) {
  const [program = "", ...args] = step.command;
  console.log(`\n▶ ${step.command.join(" ")}`);
  const result = spawnSync(binary(program), args, {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
    encoding: "utf8",
    stdio: capture ? "pipe" : "inherit",
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (capture) process.stdout.write(output);
  return { ok: result.status === 0, output };
}

/** Uploads a preview version and prints its address as `Preview URL: …`, read from wrangler's output file. */
function uploadPreview(step: DeployStep): void {
  const folder = mkdtempSync(path.join(os.tmpdir(), "vpf-preview-"));
  const outputFile = path.join(folder, "wrangler-output.json");
  try {
    if (!runCommand(step, false, { WRANGLER_OUTPUT_FILE_PATH: outputFile }).ok) stop("The preview upload failed.");
    // One JSON object per line; the upload's entry carries the version's addresses.
    const entries = readFileSync(outputFile, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as { type?: string; preview_url?: string; preview_alias_url?: string });
    const upload = entries.find((entry) => entry.type === "version-upload");
    if (upload?.preview_url) console.log(`Preview URL: ${upload.preview_url}`);
    else console.log("No preview URL: turn on Preview URLs for this worker (preview_urls = true in wrangler.toml).");
    if (upload?.preview_alias_url) console.log(`Preview alias URL: ${upload.preview_alias_url}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

for (const step of steps) {
  if (!step.runs) continue;
  switch (step.kind) {
    case "credentials": {
      // Before the long build: a deploy that cannot upload should say so at once.
      const whoami = runCommand(step, true);
      if (!whoami.ok || /not authenticated/i.test(whoami.output)) {
        stop(
          "wrangler is not logged in: run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID.",
        );
      }
      break;
    }
    case "migrate":
      if (!runCommand(step).ok) {
        stop(`Applying ${step.database}'s migrations failed: the worker that needs them is not deployed.`);
      }
      break;
    case "verify-schema": {
      const listed = runCommand(step, true);
      if (!listed.ok || !reportsNoPendingMigrations(listed.output)) {
        stop(
          `${step.database} still has migrations to apply (listed above), so its schema is behind this worker: nothing was uploaded.`,
        );
      }
      break;
    }
    case "upload":
      if (options.preview) uploadPreview(step);
      else if (!runCommand(step).ok) stop("The upload failed.");
      break;
    default:
      if (!runCommand(step).ok) stop(`${step.command.join(" ")} failed.`);
  }
}
