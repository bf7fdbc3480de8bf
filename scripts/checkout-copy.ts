/** A throwaway copy of this checkout, for running the gate or a bench on other data without touching the checkout. */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./wrangler.ts";

/**
 * Copies the checkout's tracked and new (not ignored) files into a new folder under the system's temporary folder,
 * named `{prefix}XXXXXX`, with a hard-linked `node_modules`; returns its path.
 *
 * @throws Error when `git ls-files` fails or `node_modules` cannot be copied.
 */
export function copyCheckout(prefix: string): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), prefix));
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split("\0").filter(Boolean)) {
    const from = path.join(ROOT, file);
    if (!existsSync(from)) continue;
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(from, path.join(copy, file));
  }
  // Hard links: a copy of node_modules in seconds, and no symlink for Vite or workerd to resolve back here. Across
  // file systems (a temporary folder on its own disk) hard links fail, and a full copy is made instead.
  const modules = [path.join(ROOT, "node_modules"), path.join(copy, "node_modules")];
  if (spawnSync("cp", ["-al", ...modules]).status !== 0) {
    rmSync(modules[1]!, { recursive: true, force: true });
    const copied = spawnSync("cp", ["-a", ...modules], { encoding: "utf8" });
    if (copied.status !== 0) throw new Error(`copying node_modules failed: ${copied.stderr}`);
  }
  return copy;
}
