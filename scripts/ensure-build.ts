/**
 * `node scripts/ensure-build.ts`: builds the site when `build/` is missing or older than any of its sources, so
 * the worker and end-to-end tests, which run against `build/`, never test stale code; `npm start` builds the same way.
 * `--test-catalogue` wants the tests' build (`VPF_TEST_CATALOGUE=1`: the tests' products beside the owner's); without
 * it, a build of the tests' catalogue is stale, so `npm start` never serves the tests' products.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./wrangler.ts";

/** Folders whose files the build reads. */
export const SOURCE_DIRS = [
  "app",
  "core",
  "worker",
  "server",
  "content",
  "public",
  "tests/support/test-catalogue/images",
] as const;

/** Files outside those folders that the build reads: its configuration, the installed packages and its own plugins. */
export const CONFIG_FILES = [
  "vite.config.ts",
  "wrangler.toml",
  "react-router.config.ts",
  "tsconfig.json",
  "tsconfig.cloudflare.json",
  "package.json",
  "package-lock.json",
  "scripts/vite-plugin-build-id.ts",
  "scripts/vite-plugin-inline-script.ts",
  "scripts/deploy-config.ts",
  "tests/support/test-catalogue.ts",
  "tests/support/test-catalogue-plugin.ts",
  "tests/support/product-fixtures.ts",
] as const;

/** The mark of a build of the tests' catalogue (`tests/support/test-catalogue-plugin.ts`). */
const TEST_CATALOGUE_MARK = path.join("build", "server", "test-catalogue.json");

/** Files that mark a finished build. */
export const BUILD_MARKERS = ["build/server/index.js", "build/server/wrangler.json"] as const;

const UNIT_TEST = /\.test\.tsx?$/;

/** Where the build keeps encoded images (`content/build/vite-plugin-images.ts`), below the root. */
const ENCODED_SUFFIX = path.join("content", "images", "encoded");

function listSourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The encoded images are what the build writes from its sources, not a source.
      if (entry.name === "node_modules" || entry.name === ".react-router" || full.endsWith(ENCODED_SUFFIX)) continue;
      files.push(...listSourceFiles(full));
    } else if (entry.isFile() && !UNIT_TEST.test(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

/** Why a build is needed. */
export type BuildVerdict = { stale: false } | { stale: true; reason: string };

/**
 * Whether `root`'s build is missing, made for a deployed environment, of the other catalogue (`testCatalogue`: the
 * tests' build is wanted) or older than a source (against its oldest marker), with the first reason.
 */
export function checkBuild(root: string, testCatalogue = false): BuildVerdict {
  let builtAt = Infinity;
  for (const marker of BUILD_MARKERS) {
    const full = path.join(root, marker);
    if (!existsSync(full)) return { stale: true, reason: `${marker} is missing` };
    builtAt = Math.min(builtAt, statSync(full).mtimeMs);
  }
  // A build for a deployed environment has no commerce sandbox, so the local tests and `npm start` cannot use it.
  const config = JSON.parse(readFileSync(path.join(root, "build", "server", "wrangler.json"), "utf8")) as {
    vars?: Record<string, unknown>;
  };
  if ((config.vars?.COMMERCE_MODE ?? "sandbox") !== "sandbox") {
    return { stale: true, reason: "build/ was made for a deployed environment" };
  }
  if (existsSync(path.join(root, TEST_CATALOGUE_MARK)) !== testCatalogue) {
    return {
      stale: true,
      reason: testCatalogue ? "build/ sells the owner's catalogue only" : "build/ sells the tests' catalogue",
    };
  }
  const sources = [
    ...SOURCE_DIRS.flatMap((dir) => listSourceFiles(path.join(root, dir))),
    ...CONFIG_FILES.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
  ];
  for (const source of sources) {
    if (statSync(source).mtimeMs > builtAt) {
      return { stale: true, reason: `${path.relative(root, source)} is newer than build/` };
    }
  }
  return { stale: false };
}

/**
 * Builds `root` when `checkBuild` finds its build stale, and says in one line which it did and why; the build's
 * own output goes to the terminal.
 *
 * @returns whether `build/` is now up to date (`false`: the build failed).
 */
export function ensureBuild(root: string, testCatalogue = false): boolean {
  const verdict = checkBuild(root, testCatalogue);
  if (!verdict.stale) {
    console.log("✔ build/ is up to date with its sources: not rebuilt");
    return true;
  }
  console.log(`▶ Building: ${verdict.reason}`);
  // The same Node as this script (the project's own, when run through npm), whatever is first on PATH.
  const result = spawnSync(process.execPath, [path.join(root, "node_modules", ".bin", "react-router"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", VPF_TEST_CATALOGUE: testCatalogue ? "1" : "" },
  });
  return result.status === 0;
}

if (import.meta.main && !ensureBuild(ROOT, process.argv.includes("--test-catalogue"))) {
  console.error("✖ The build failed; not running tests against an old build/.");
  process.exit(1);
}
