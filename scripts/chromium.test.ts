import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PLAYWRIGHT_CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from "./chromium";

describe("Chromium's launch flags", () => {
  it("keep every feature Playwright turns off, since our --disable-features replaces its own", () => {
    const core = path.dirname(createRequire(import.meta.url).resolve("playwright-core/package.json"));
    const bundle = readFileSync(path.join(core, "lib", "coreBundle.js"), "utf8");
    const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1];
    expect(list, "Playwright's list of disabled features").toBeDefined();
    const theirs = [...list!.matchAll(/^\s*"(\w+)",?$/gm)].map((match) => match[1]);
    expect(theirs.length).toBeGreaterThan(0);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(theirs));
    expect(PLAYWRIGHT_CHROMIUM_ARGS.filter((arg) => arg.startsWith("--disable-features="))).toHaveLength(1);
  });
});
