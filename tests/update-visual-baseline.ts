/**
 * `npm run test:visual:update`: regenerates the visual baseline after a change checked by eye, deleting every old
 * image first so none of a removed shot is left behind.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../scripts/wrangler.ts";

const SNAPSHOTS = path.join(ROOT, "tests", "site", "visual.spec.ts-snapshots");
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

const built = spawnSync(process.execPath, [path.join(ROOT, "scripts", "ensure-build.ts"), "--test-catalogue"], {
  stdio: "inherit",
  env,
});
if (built.status !== 0) process.exit(built.status ?? 1);

rmSync(SNAPSHOTS, { recursive: true, force: true });
const run = spawnSync(
  bin("playwright"),
  ["test", "-c", "playwright.site.config.ts", "tests/site/visual.spec.ts", "--update-snapshots"],
  {
    cwd: ROOT,
    stdio: "inherit",
    env,
  },
);
const files = readdirSync(SNAPSHOTS);
const bytes = files.reduce((sum, file) => sum + statSync(path.join(SNAPSHOTS, file)).size, 0);
console.log(`${files.length} images, ${(bytes / 1e6).toFixed(2)} MB in ${path.relative(ROOT, SNAPSHOTS)}/`);
process.exit(run.status ?? 1);
