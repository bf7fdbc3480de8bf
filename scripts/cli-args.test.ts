import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCommandLine } from "./cli-args.ts";
import { ROOT } from "./wrangler.ts";

describe("the operator CLIs' command lines", () => {
  it.each([
    "scripts/newsletter.ts",
    "scripts/submissions.ts",
    "scripts/vitals.ts",
    "scripts/flags.ts",
    "scripts/deploy.ts",
    "tests/run.ts",
  ])("%s --help prints the usage and exits 0, doing nothing else", (script) => {
    const result = spawnSync(process.execPath, [path.join(ROOT, script), "--help"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Usage/);
  });

  it("refuses an unknown option by name, and a missing value, each with the usage", () => {
    const options = { days: { type: "string" } } as const;
    expect(() => readCommandLine(["--all"], options, "USAGE")).toThrow('Unknown argument "--all".\nUSAGE');
    expect(() => readCommandLine(["--days"], options, "USAGE")).toThrow(/argument missing\.\nUSAGE$/);
  });
});
