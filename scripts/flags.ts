/**
 * Operator CLI for the feature flags (rules 1.1 to 1.3); a new value is checked with the worker's own `FlagsSchema`
 * before it is written. Without `--remote` or `--env` it acts on the local namespace `npm start` serves.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import * as v from "valibot";
import { DEFAULT_FLAGS, FlagsSchema, parseFlagAssignments, parseStoredFlags } from "../core/flags-schema.ts";
import { DEPLOY_ENVS, type DeployEnv, findStoreFlagProblem, readEnvironmentVars } from "./deploy-config.ts";
import { describeFlags, printFlagsReading } from "./flags-cli.ts";
import { terminal } from "./terminal-text.ts";
import { type KvTarget, ROOT, readFlagsValue, writeFlagsValue } from "./wrangler.ts";

const USAGE = `Usage:
  npm run flags -- get [--remote | --env ${DEPLOY_ENVS.join("|")}]
  npm run flags -- set name=true|false ... [--remote | --env ${DEPLOY_ENVS.join("|")}]
  npm run flags -- seed
--remote acts on the production namespace, --env on the named environment's.
Flags: ${Object.keys(DEFAULT_FLAGS).join(", ")}`;

function getCommand(target: KvTarget): void {
  printFlagsReading(target, readFlagsValue(target));
}

async function setCommand(target: KvTarget, assignments: string[]): Promise<void> {
  if (assignments.length === 0) throw new Error(`Nothing to set.\n${USAGE}`);
  const changes = parseFlagAssignments(assignments);
  if (target !== "local") {
    const vars = await readEnvironmentVars(path.join(ROOT, "wrangler.toml"), target);
    const problem = findStoreFlagProblem(target, vars, changes);
    if (problem) throw new Error(problem);
  }
  const current = parseStoredFlags(readFlagsValue(target)).flags;
  const next = v.parse(FlagsSchema, { ...current, ...changes });
  writeFlagsValue(target, JSON.stringify(next));
  terminal.log(`Flags written (${target}):\n${describeFlags(next)}`);
  if (target !== "local")
    terminal.log("Live within the worker's flag cache time (FLAGS_CACHE_TTL_MS, 30 s by default).");
}

/** Writes the defaults when the key is missing; leaves an existing value alone. */
function seedCommand(): void {
  if (readFlagsValue("local") !== null) return;
  writeFlagsValue("local", JSON.stringify(DEFAULT_FLAGS));
  terminal.log("Seeded local flags with the defaults.");
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      remote: { type: "boolean", default: false },
      env: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    terminal.log(USAGE);
    return;
  }
  const env = values.env ?? (values.remote ? "production" : undefined);
  const target: KvTarget | undefined =
    env === undefined ? "local" : DEPLOY_ENVS.find((name): name is DeployEnv => name === env);
  if (!target) throw new Error(`Unknown environment "${env}".\n${USAGE}`);
  const [command, ...rest] = positionals;
  if (command === "get") getCommand(target);
  else if (command === "set") await setCommand(target, rest);
  else if (command === "seed") seedCommand();
  else throw new Error(USAGE);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  terminal.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
