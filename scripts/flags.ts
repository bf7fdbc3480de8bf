/**
 * Operator CLI for the feature flags (rules 1.1 to 1.3); a new value is checked with the worker's own `FlagsSchema`
 * before it is written. Without `--remote` it acts on the local namespace `npm start` serves.
 */
import * as v from "valibot";
import {
  DEFAULT_FLAGS,
  type Flags,
  FlagsSchema,
  parseFlagAssignments,
  parseStoredFlags,
} from "../core/flags-schema.ts";
import { type KvTarget, readFlagsValue, writeFlagsValue } from "./wrangler.ts";

const USAGE = `Usage:
  npm run flags -- get [--remote]
  npm run flags -- set name=true|false ... [--remote]
  npm run flags -- seed
Flags: ${Object.keys(DEFAULT_FLAGS).join(", ")}`;

function describe(flags: Flags): string {
  return Object.entries(flags)
    .map(([name, on]) => `  ${name.padEnd(12)} ${on ? "on" : "off"}`)
    .join("\n");
}

function getCommand(target: KvTarget): void {
  const raw = readFlagsValue(target);
  const reading = parseStoredFlags(raw);
  console.log(`Flags (${target}${raw === null ? ", key missing: defaults" : ""}):\n${describe(reading.flags)}`);
  if (reading.problem)
    console.warn(`Warning: the stored value is invalid (${reading.problem}); the worker uses the values above.`);
}

function setCommand(target: KvTarget, assignments: string[]): void {
  if (assignments.length === 0) throw new Error(`Nothing to set.\n${USAGE}`);
  const changes = parseFlagAssignments(assignments);
  const current = parseStoredFlags(readFlagsValue(target)).flags;
  const next = v.parse(FlagsSchema, { ...current, ...changes });
  writeFlagsValue(target, JSON.stringify(next));
  console.log(`Flags written (${target}):\n${describe(next)}`);
  if (target === "remote")
    console.log("Live within the worker's flag cache time (FLAGS_CACHE_TTL_MS, 30 s by default).");
}

/** Writes the defaults when the key is missing; leaves an existing value alone. */
function seedCommand(): void {
  if (readFlagsValue("local") !== null) return;
  writeFlagsValue("local", JSON.stringify(DEFAULT_FLAGS));
  console.log("Seeded local flags with the defaults.");
}

function main(argv: string[]): void {
  const remote = argv.includes("--remote");
  const args = argv.filter((arg) => arg !== "--remote");
  const [command, ...rest] = args;
  const target: KvTarget = remote ? "remote" : "local";
  if (command === "get") getCommand(target);
  else if (command === "set") setCommand(target, rest);
  else if (command === "seed") seedCommand();
  else throw new Error(USAGE);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
