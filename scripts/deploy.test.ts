import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./wrangler.ts";

describe("npm run deploy -- --dry-run", () => {
  it("refuses the committed production placeholders before building anything", () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, "scripts", "deploy.ts"), "--dry-run"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The "production" environment in wrangler.toml cannot be deployed');
    expect(result.stderr).toContain("STORE_ID is empty or a placeholder");
    expect(result.stderr).toContain("LEGAL_IDENTITY is sample data");
  }, 60_000);
});
