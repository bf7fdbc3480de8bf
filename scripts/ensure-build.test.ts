import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkBuild } from "./ensure-build";

let root = "";

/** Writes `file` under the temporary root with its modification time `seconds` after the epoch. */
function touch(file: string, seconds: number): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, file.endsWith(".json") ? "{}" : "x");
  utimesSync(full, seconds, seconds);
}

describe("checkBuild", () => {
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

  it.each(["app/routes/home.tsx", "core/cart.ts", "worker/index.ts", "content/products.ts", "public/favicon.svg"])(
    "asks for a build when %s changed after it",
    (source) => {
      touch("build/server/index.js", 2000);
      touch("build/server/wrangler.json", 2000);
      touch(source, 3000);
      expect(checkBuild(root)).toEqual({ stale: true, reason: `${source} is newer than build/` });
    },
  );

  it("asks for a build when the vite or wrangler configuration changed after it", () => {
    touch("build/server/index.js", 2000);
    touch("build/server/wrangler.json", 2000);
    touch("wrangler.toml", 3000);
    expect(checkBuild(root)).toEqual({ stale: true, reason: "wrangler.toml is newer than build/" });
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
