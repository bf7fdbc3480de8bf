/** Building and serving a build with `wrangler dev`, from this checkout or another (a variant, for comparisons). */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { ROOT, WRANGLER_BIN, WRANGLER_ENV, buildDevServerArgs, findFreePort } from "../scripts/wrangler.ts";
import { waitFor } from "./common.ts";

/** A running `wrangler dev`: the process (its own process group) and its inspector port. */
export type DevServer = ChildProcess & { inspectorPort: number };

/** The binary of `name` in `root`'s `node_modules/.bin`, else this checkout's. */
function findBin(root: string, name: string): string {
  const own = path.join(root, "node_modules", ".bin", name);
  return existsSync(own) ? own : path.join(ROOT, "node_modules", ".bin", name);
}

/** Builds the site in `root` with `root`'s own packages (or this checkout's); throws when the build fails. */
export function buildSite(root: string = ROOT): void {
  const build = spawnSync(findBin(root, "react-router"), ["build"], { cwd: root, stdio: "inherit", env: WRANGLER_ENV });
  if (build.status !== 0) throw new Error(`build failed in ${root}`);
}

/**
 * Serves `root`'s built worker on 127.0.0.1:`port` and resolves once it answers; `cache: false` makes every page
 * request a full render. Throws when the server does not answer within 90 s.
 */
export async function startDevServer(options: {
  port: number;
  persistDir: string;
  cache: boolean;
  root?: string;
}): Promise<DevServer> {
  const root = options.root ?? ROOT;
  const inspectorPort = await findFreePort(options.port + 1000);
  const args = buildDevServerArgs({
    port: options.port,
    inspectorPort,
    persistDir: options.persistDir,
    extra: ["--log-level", "warn", ...(options.cache ? [] : ["--var", "HTML_CACHE_TTL_MS:0"])],
  });
  const bin = root === ROOT ? WRANGLER_BIN : findBin(root, "wrangler");
  const child = spawn(bin, args, {
    cwd: root,
    env: WRANGLER_ENV,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${options.port}/please-hold`);
      if (response.ok) return Object.assign(child, { inspectorPort });
    } catch {
      // not up yet
    }
    await waitFor(300);
  }
  stopDevServer(child);
  throw new Error("wrangler dev did not start within 90 s");
}

/** Stops a server started by `startDevServer` (its whole process group). */
export function stopDevServer(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}
