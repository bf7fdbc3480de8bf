/**
 * One owner per concern (ARCHITECTURE.md, "Where each concern lives"): only
 * `response-policy.ts` writes Cache-Control, only `config.server.ts` reads the
 * bindings and the build id, and `env.server.ts` the running request's bindings
 * for `server/` (but `ASSETS` under `npm run dev`, which `static-assets.ts`
 * hands Vite's paths to before the configuration is read), and no route module
 * names a flag gate.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Source files (no tests, no declarations) under `dir`, relative to the repository. */
function listSources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|\.d\.ts$/.test(file))
    .map((file) => path.join(dir, file));
}

function filesMatching(dirs: string[], pattern: RegExp): string[] {
  return dirs.flatMap(listSources).filter((file) => pattern.test(readFileSync(path.join(ROOT, file), "utf8")));
}

describe("one owner per concern", () => {
  it("only the response policy writes Cache-Control", () => {
    expect(filesMatching(["worker", "server", "app"], /["']cache-control["']\s*[,:]/i)).toEqual([
      path.join("worker", "response-policy.ts"),
    ]);
  });

  it("only the configuration reads bindings and the build id, and the dev server's hand-off its ASSETS", () => {
    // Any use of `c.env` but handing it whole to a call, `readConfig(c.env)`, and any import of workerd's `env` but
    // the worker entry's, renamed, which it only compares with the bindings it is handed.
    const readsBindings = /\bc\.env\b(?!\))|__BUILD_ID__|import \{[^}]*\benv\b(?! as)[^}]*\} from "cloudflare:workers"/;
    expect(filesMatching(["worker", "server", "app"], readsBindings)).toEqual([
      path.join("worker", "static-assets.ts"),
      path.join("server", "config.server.ts"),
      path.join("server", "env.server.ts"),
    ]);
  });

  it("no route module gates itself: the page gate reads the registry", () => {
    expect(filesMatching(["app"], /requireFlag|flags\.(?:store|contact|newsletter)\b/)).toEqual([]);
  });
});
