/** Static files through the `ASSETS` binding, since the worker runs first for every path (rule 1.4). */
import type { Context, MiddlewareHandler } from "hono";
import type { WorkerEnv } from "./types";
import { setCachePolicy } from "./response-policy";

/** The file with mutable headers, or a plain 404 that never falls through to a page. */
export async function serveStaticFile(c: Context<WorkerEnv>): Promise<Response> {
  const assets = c.var.config.bindings.assets;
  const found = assets ? await assets.fetch(c.req.raw) : new Response(null, { status: 404 });
  if (found.status === 404) {
    await found.body?.cancel();
    setCachePolicy(c, "no-store");
    return c.text("Not Found", 404);
  }
  const response = new Response(found.body, found);
  if (c.req.path.startsWith("/assets/") && response.ok) {
    setCachePolicy(c, "immutable");
  }
  return response;
}

/** Paths only Vite's dev server answers: its client, module ids, files, pre-bundled packages, React Router's runtime. */
const DEV_SERVER_PATH = /^\/(?:@vite\/|@id\/|@fs\/|@react-router\/|node_modules\/\.vite\/)/;

/**
 * Under `npm run dev` only: hands Vite's own paths to the dev server (through `ASSETS`) before any page rule sees
 * them, so its client loads and hot reload works. A build never mounts it.
 */
export function serveDevServerPaths(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const assets = (c.env as { ASSETS?: Fetcher }).ASSETS;
    if (!assets || !DEV_SERVER_PATH.test(new URL(c.req.url).pathname)) return next();
    return assets.fetch(c.req.raw);
  };
}
