/**
 * README.md's "Configuration" table names every variable the worker parses and every binding `wrangler.toml`
 * declares, and nothing else, so an operator's reference cannot drift from the code.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { EnvVarsSchema } from "../server/config.server.ts";

const ROOT = path.join(import.meta.dirname, "..");

/** The first-column names of the README table whose header starts `| name`. */
function listReadmeNames(): string[] {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const table = readme.slice(readme.indexOf("\n| name"));
  const rows = table.slice(1, table.indexOf("\n\n")).split("\n").slice(2);
  return rows.map((row) => /^\|\s*`([A-Z_]+)`/.exec(row)?.[1] ?? row);
}

describe("README's Configuration table", () => {
  it("names exactly the variables and bindings the worker has", () => {
    const config = unstable_readConfig({ config: path.join(ROOT, "wrangler.toml") }, { hideWarnings: true });
    type Declared = { binding?: string; name?: string };
    const named = (list: readonly Declared[] | undefined) => (list ?? []).map((entry) => entry.binding ?? entry.name);
    const bindings = [
      config.assets?.binding,
      ...named(config.kv_namespaces),
      ...named(config.ratelimits),
      ...named(config.d1_databases),
      ...named(config.send_email),
      ...named(config.queues.producers),
      ...named(config.analytics_engine_datasets),
    ];
    const expected = new Set([...Object.keys(EnvVarsSchema.entries), ...Object.keys(config.vars), ...bindings]);
    expect(listReadmeNames().sort()).toEqual([...expected].sort());
  });
});
