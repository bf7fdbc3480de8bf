import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkBuild, ensureBuild } from "./ensure-build";

let root = "";

/** Writes `file` under the temporary root with its modification time `seconds` after the epoch. */
function touch(file: string, seconds: number): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, file.endsWith(".json") ? "{}" : "x");
  utimesSync(full, seconds, seconds);
}

describe("checkBuild and ensureBuild", () => {
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "vpf-ensure-build-"));
    touch("app/routes/home.tsx", 1000);
    touch("worker/index.ts", 1000);
    touch("vite.config.ts", 1000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("asks for a build when there is none", () => {
    expect(checkBuild(root)).toEqual({ stale: true, reason: "build/server/index.js is missing" });
  });

  it("is satisfied by a build newer than every source", () => {
    touch("build/server/index.js", 2000);
    touch("build/server/wrangler.json", 2000);
    expect(checkBuild(root)).toEqual({ stale: false });
  });

  it("asks for a build when build/ was made for a deployed environment, whose worker has no commerce sandbox", () => {
    touch("build/server/index.js", 2000);
    touch("build/server/wrangler.json", 2000);
    writeFileSync(path.join(root, "build/server/wrangler.json"), JSON.stringify({ vars: { COMMERCE_MODE: "live" } }));
    utimesSync(path.join(root, "build/server/wrangler.json"), 2000, 2000);
    expect(checkBuild(root)).toEqual({ stale: true, reason: "build/ was made for a deployed environment" });
  });

  it.each([
    "app/routes/home.tsx",
    "core/cart.ts",
    "worker/index.ts",
    "content/products.ts",
    "content/articles/a-new-article.md",
    "content/newsletters/a-new-issue.md",
    "public/favicon.svg",
  ])("asks for a build when %s changed after it", (source) => {
    touch("build/server/index.js", 2000);
    touch("build/server/wrangler.json", 2000);
    touch(source, 3000);
    expect(checkBuild(root)).toEqual({ stale: true, reason: `${source} is newer than build/` });
  });

  it.each([
    "vite.config.ts",
    "wrangler.toml",
    "react-router.config.ts",
    "tsconfig.cloudflare.json",
    "package.json",
    "package-lock.json",
    "scripts/vite-plugin-inline-script.ts",
  ])("asks for a build when %s, which the build reads, changed after it", (file) => {
    touch("build/server/index.js", 2000);
    touch("build/server/wrangler.json", 2000);
    touch(file, 3000);
    expect(checkBuild(root)).toEqual({ stale: true, reason: `${file} is newer than build/` });
  });

  it("builds nothing when the build is up to date, and says so in one line", () => {
    touch("build/server/index.js", 2000);
    touch("build/server/wrangler.json", 2000);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(ensureBuild(root)).toBe(true);
      expect(log.mock.calls).toEqual([["✔ build/ is up to date with its sources: not rebuilt"]]);
    } finally {
      log.mockRestore();
    }
  });

  it("says why it builds, and reports a build that fails", () => {
    touch("build/server/index.js", 2000);
    touch("build/server/wrangler.json", 2000);
    touch("content/products.ts", 3000);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      // The temporary root has no react-router to run, so its build fails.
      expect(ensureBuild(root)).toBe(false);
      expect(log.mock.calls).toEqual([["▶ Building: content/products.ts is newer than build/"]]);
    } finally {
      log.mockRestore();
    }
  });

  it("takes the older marker as the build's time, and ignores unit tests", () => {
    touch("build/server/index.js", 1500);
    touch("build/server/wrangler.json", 5000);
    touch("core/cart.test.ts", 4000);
    expect(checkBuild(root)).toEqual({ stale: false });
    touch("core/cart.ts", 1600);
    expect(checkBuild(root)).toEqual({ stale: true, reason: "core/cart.ts is newer than build/" });
  });
});
