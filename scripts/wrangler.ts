/** The scripts' wrangler helpers: KV flags, the forms database, the dev server's arguments and free ports. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DeployEnv } from "./deploy-config.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where local wrangler state persists; `VPF_PERSIST_DIR` moves it (the end-to-end tests use their own). */
export const PERSIST_DIR = process.env.VPF_PERSIST_DIR ?? path.join(ROOT, ".wrangler", "state");

export const WRANGLER_BIN = path.join(ROOT, "node_modules", ".bin", "wrangler");

/** `scripts/tether.ts`: runs a command that ends with the process that started it. */
export const TETHER_SCRIPT = path.join(ROOT, "scripts", "tether.ts");

/** Environment for wrangler: no metrics prompt, no colour codes in captured output. */
export const WRANGLER_ENV = { ...process.env, WRANGLER_SEND_METRICS: "false", FORCE_COLOR: "0", NO_COLOR: "1" };

/** Runs wrangler in the repository root; throws when the binary is missing (run `npm ci`). */
function runWrangler(args: readonly string[]) {
  if (!existsSync(WRANGLER_BIN)) throw new Error("wrangler is not installed: run `npm ci` first.");
  const result = spawnSync(WRANGLER_BIN, args, { cwd: ROOT, env: WRANGLER_ENV, encoding: "utf8" });
  const stdout = result.stdout ?? "";
  return { ok: result.status === 0, stdout, output: `${stdout}\n${result.stderr ?? ""}`.trim() };
}

/** Arguments for `wrangler dev` serving the built worker on 127.0.0.1; `extra` is appended (e.g. `--var`). */
export function buildDevServerArgs(options: {
  port: number;
  inspectorPort: number;
  persistDir: string;
  extra?: string[];
  /** The built worker's configuration to serve; `build/server/wrangler.json` unless given. */
  config?: string;
}): string[] {
  const config = options.config ?? "build/server/wrangler.json";
  return [
    ...["dev", "--config", config, "--persist-to", options.persistDir, "--ip", "127.0.0.1"],
    ...["--port", String(options.port), "--inspector-port", String(options.inspectorPort)],
    "--show-interactive-dev-session=false",
    // Only this proxy loses a connection's next request after an unread upload (worker/request-body.ts).
    ...["--var", "DRAIN_REQUEST_BODIES:true"],
    ...(options.extra ?? []),
  ];
}

/**
 * Where a KV or D1 command acts: the local store under `PERSIST_DIR`, or a deployed environment's, whose
 * namespace and database ids in `wrangler.toml` differ from the local ones at the top level.
 */
export type KvTarget = "local" | DeployEnv;

function targetArgs(target: KvTarget, persistDir: string): string[] {
  return target === "local" ? ["--local", "--persist-to", persistDir] : ["--remote", "--env", target];
}

/** The raw `flags` text, or `null` when the key does not exist; throws with wrangler's message otherwise. */
export function readFlagsValue(target: KvTarget, persistDir = PERSIST_DIR): string | null {
  const where = targetArgs(target, persistDir);
  const result = runWrangler(["kv", "key", "get", "flags", "--binding", "FLAGS", "--text", ...where]);
  if (/value not found/i.test(result.output)) return null;
  if (!result.ok) throw new Error(`wrangler kv key get failed:\n${result.output}`);
  return result.stdout.trim();
}

/** Writes the `flags` value; throws with wrangler's message when the write fails. */
export function writeFlagsValue(target: KvTarget, value: string, persistDir = PERSIST_DIR): void {
  const where = targetArgs(target, persistDir);
  const result = runWrangler(["kv", "key", "put", "flags", value, "--binding", "FLAGS", ...where]);
  if (!result.ok) throw new Error(`wrangler kv key put failed:\n${result.output}`);
}

/** One statement's rows from `wrangler d1 execute --json`; local `meta` has no `changes`, so counts use `RETURNING`. */
export interface D1StatementResult<Row> {
  results: Row[];
}

function executeD1(target: KvTarget, sql: string, persistDir: string) {
  return runWrangler(["d1", "execute", "FORMS_DB", "--json", "--command", sql, ...targetArgs(target, persistDir)]);
}

/** Runs SQL on `FORMS_DB`: one result per statement, in order; throws when wrangler fails or no tables exist yet. */
export function executeFormsSql<Row>(
  target: KvTarget,
  sql: string,
  persistDir = PERSIST_DIR,
): Array<D1StatementResult<Row>> {
  const result = executeD1(target, sql, persistDir);
  if (!result.ok && /no such table/i.test(result.output)) {
    throw new Error(
      `The ${target} forms database has no tables yet: apply migrations/ first ` +
        `(npm start does it locally; npx wrangler d1 migrations apply FORMS_DB --remote --env ${target === "local" ? "production" : target} for a deployed one).`,
    );
  }
  if (!result.ok) throw new Error(`wrangler d1 execute failed:\n${result.output}`);
  const parsed = JSON.parse(result.stdout) as Array<{ results?: Row[] }>;
  return parsed.map((statement) => ({ results: statement.results ?? [] }));
}

/**
 * Applies `migrations/` to the local `FORMS_DB`. A local database that applied a migration `migrations/` no longer
 * holds (one made before the schema was squashed) is deleted first, with a notice: it holds only local test data.
 * Throws with wrangler's message when a migration fails.
 */
export function applyLocalMigrations(persistDir = PERSIST_DIR): void {
  const known = new Set(readdirSync(path.join(ROOT, "migrations")));
  const applied = executeD1("local", "SELECT name FROM d1_migrations", persistDir);
  if (applied.ok) {
    const [statement] = JSON.parse(applied.stdout) as Array<{ results?: Array<{ name: string }> }>;
    const gone = (statement?.results ?? []).map((row) => row.name).filter((name) => !known.has(name));
    if (gone.length > 0) {
      console.log(
        `The local forms database was made by migrations that no longer exist (${gone.join(", ")}); ` +
          "it held local test data only and is made afresh.",
      );
      rmSync(path.join(persistDir, "v3", "d1"), { recursive: true, force: true });
    }
  }
  const result = runWrangler(["d1", "migrations", "apply", "FORMS_DB", "--local", "--persist-to", persistDir]);
  if (!result.ok) throw new Error(`wrangler d1 migrations apply failed:\n${result.output}`);
}

/** The first port of the 100 from `start` that accepts a listener on 127.0.0.1; throws when none does. */
export async function findFreePort(start: number): Promise<number> {
  for (let port = start; port < start + 100; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port between ${start} and ${start + 99}.`);
}
