/**
 * What `npm run deploy` does, step by step, as data: `planDeploy` orders the steps and names each command, and
 * `scripts/deploy.ts` only runs them. Kept pure so the order (migrations before the worker that needs them) and the
 * dry run's promise (no step that needs an account runs) are tested without a network.
 */
import { readdirSync } from "node:fs";
import { readCommandLine } from "./cli-args.ts";
import { DEPLOY_ENVS, type DeployEnv } from "./deploy-config.ts";

/** The deploy's own build folder, relative to the repository root: `build/` stays what `npm start` serves. */
export const DEPLOY_BUILD_DIR = ".wrangler/deploy-build";

/** The built worker's configuration, which `wrangler deploy` and `wrangler versions upload` read. */
export const DEPLOY_BUILT_CONFIG = `${DEPLOY_BUILD_DIR}/server/wrangler.json`;

export const DEPLOY_USAGE = `Usage: npm run deploy -- [--env ${DEPLOY_ENVS.join("|")}] [--dry-run] [--preview [--preview-alias NAME]]
  --env          the environment of wrangler.toml to deploy (production unless named)
  --dry-run      check, build and validate; prints what a deploy would run, needs no account
  --preview      upload a preview version instead of deploying: the deployed worker and its database stay as they are
  --preview-alias  a stable name for the preview's address (letters, digits and dashes), e.g. pr-12`;

/** What the command line asks for. */
export interface DeployOptions {
  env: DeployEnv;
  dryRun: boolean;
  preview: boolean;
  /** The preview's alias; `undefined` without one. */
  previewAlias?: string;
}

/** Reads `npm run deploy`'s arguments; throws an Error ending with the usage when they are not of its form. */
export function readDeployOptions(argv: readonly string[]): DeployOptions {
  const { values, positionals } = readCommandLine(
    argv,
    {
      env: { type: "string", default: "production" },
      "dry-run": { type: "boolean", default: false },
      preview: { type: "boolean", default: false },
      "preview-alias": { type: "string" },
    },
    DEPLOY_USAGE,
  );
  if (positionals.length > 0) throw new Error(`Unknown argument "${positionals[0]}".\n${DEPLOY_USAGE}`);
  const env = DEPLOY_ENVS.find((name): name is DeployEnv => name === values.env);
  if (!env) throw new Error(`Unknown environment "${values.env}".\n${DEPLOY_USAGE}`);
  const alias = values["preview-alias"];
  if (alias !== undefined && !values.preview) throw new Error(`--preview-alias needs --preview.\n${DEPLOY_USAGE}`);
  // Wrangler's rule for an alias: it becomes part of a host name.
  if (alias !== undefined && !/^[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(alias)) {
    throw new Error(
      `--preview-alias "${alias}" is not a name of lower-case letters, digits and dashes.\n${DEPLOY_USAGE}`,
    );
  }
  return { env, dryRun: values["dry-run"], preview: values.preview, previewAlias: alias };
}

/** A D1 database the environment binds, with its migration files in the order wrangler applies them. */
export interface PlannedDatabase {
  binding: string;
  migrations: readonly string[];
}

/**
 * One step. `command` is a program of `node_modules/.bin` and its arguments; `runs` is false for a step a dry run
 * only prints (it would need the account).
 */
export type DeployStep = { command: readonly string[]; runs: boolean } & (
  | { kind: "credentials" }
  | { kind: "build" }
  /** Applies every migration the remote database lacks; `migrations` are all the folder holds. */
  | { kind: "migrate"; database: string; migrations: readonly string[] }
  /** Lists what is still pending: anything left means the schema is behind the worker, which must not go out. */
  | { kind: "verify-schema"; database: string }
  | { kind: "upload" }
  /** A dry run's offline check of the bundle (wrangler's own `--dry-run`). */
  | { kind: "validate" }
);

/**
 * The steps of one deploy, in order: credentials, build, then per database its migrations and the check that none is
 * left pending, and only then the upload. A preview uploads a version and touches no database. A dry run keeps every
 * step (so it can print them) but runs only the build and wrangler's offline validation.
 */
export function planDeploy(options: DeployOptions & { databases: readonly PlannedDatabase[] }): DeployStep[] {
  const { env, dryRun, preview, previewAlias, databases } = options;
  const online = !dryRun;
  const upload = preview
    ? [
        "wrangler",
        "versions",
        "upload",
        "--config",
        DEPLOY_BUILT_CONFIG,
        ...(previewAlias ? ["--preview-alias", previewAlias] : []),
      ]
    : ["wrangler", "deploy", "--config", DEPLOY_BUILT_CONFIG];
  const steps: DeployStep[] = [
    { kind: "credentials", command: ["wrangler", "whoami"], runs: online },
    { kind: "build", command: ["react-router", "build"], runs: true },
  ];
  if (!preview) {
    for (const { binding, migrations } of databases) {
      const where = ["--remote", "--env", env];
      steps.push(
        {
          kind: "migrate",
          database: binding,
          migrations,
          command: ["wrangler", "d1", "migrations", "apply", binding, ...where],
          runs: online,
        },
        {
          kind: "verify-schema",
          database: binding,
          command: ["wrangler", "d1", "migrations", "list", binding, ...where],
          runs: online,
        },
      );
    }
  }
  steps.push({ kind: "upload", command: upload, runs: online });
  if (dryRun) steps.push({ kind: "validate", command: [...upload, "--dry-run"], runs: true });
  return steps;
}

/** What one step is for, in the operator's words. */
function describeStep(step: DeployStep, dryRun: boolean): string {
  switch (step.kind) {
    case "credentials":
      return "check that wrangler is logged in";
    case "build":
      return "build the environment into its own folder";
    case "migrate":
      if (step.migrations.length === 0) return `apply ${step.database}'s migrations (migrations/ holds none)`;
      return dryRun
        ? `apply ${step.database}'s migrations: would apply, unless already applied: ${step.migrations.join(", ")}`
        : `apply ${step.database}'s pending migrations (of ${step.migrations.join(", ")})`;
    case "verify-schema":
      return `check that ${step.database} has no migration left pending; otherwise stop before the upload`;
    case "upload":
      return step.command[1] === "versions"
        ? "upload a preview version (the deployed worker stays)"
        : "deploy the worker";
    case "validate":
      return "validate the bundle without uploading it";
  }
}

/** The plan as the deploy prints it first: one numbered line per step, `▶` before a step that runs, `·` before one a dry run only names. */
export function formatDeployPlan(
  steps: readonly DeployStep[],
  options: Pick<DeployOptions, "env" | "dryRun" | "preview"> & { databases: readonly PlannedDatabase[] },
): string {
  const { env, dryRun, preview, databases } = options;
  const what = preview ? "preview version" : "deploy";
  const lines = [
    dryRun
      ? `Plan of the "${env}" ${what}; a dry run runs the steps marked ▶ and only names the others (they need the account):`
      : `Plan of the "${env}" ${what}:`,
  ];
  steps.forEach((step, index) => {
    lines.push(`  ${index + 1}. ${step.runs ? "▶" : "·"} ${describeStep(step, dryRun)}`);
    lines.push(`       ${step.command.join(" ")}`);
  });
  if (databases.length === 0) lines.push(`[env.${env}] binds no D1 database: there is no migration to apply.`);
  else if (preview) {
    lines.push("A preview applies no migration: the version runs against the database as it is.");
  }
  return lines.join("\n");
}

/**
 * Whether `wrangler d1 migrations list` printed that the database has every migration of the folder (its words:
 * "No migrations to apply"); a table of names, an error or anything else counts as migrations still pending.
 */
export function reportsNoPendingMigrations(listOutput: string): boolean {
  return /No migrations to apply/.test(listOutput) && !/Migrations to be applied/.test(listOutput);
}

/**
 * The `.sql` files of a migrations folder in the order wrangler applies them: numbered ones by their leading number,
 * before any unnumbered one, ties by name. Empty when the folder does not exist.
 */
export function readMigrationNames(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith(".sql"));
  } catch {
    return [];
  }
  const number = (name: string) => Number.parseInt(name.split("_")[0] ?? "", 10);
  return names.sort((a, b) => {
    const [numberA, numberB] = [number(a), number(b)];
    if (numberA !== numberB && (Number.isFinite(numberA) || Number.isFinite(numberB))) {
      if (Number.isFinite(numberA) && Number.isFinite(numberB)) return numberA - numberB;
      return Number.isFinite(numberA) ? -1 : 1;
    }
    return a < b ? -1 : a > b ? 1 : 0;
  });
}
