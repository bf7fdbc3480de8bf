/**
 * Static files from `build/client`, served through the `ASSETS` binding
 * because the worker runs first for every path (rule 1.4). Fingerprinted
 * build output under `/assets/` is cached for a year as immutable (its name
 * changes when its content does); other public files keep the platform's
 * revalidation. A file that does not exist answers a plain 404 (while
 * holding, `holding-page.ts` turns it into the way to the holding page): it
 * never falls through to a page.
 */
import type { Context } from "hono";
import type { WorkerEnv } from "./types";
import { setCachePolicy } from "./response-policy";

/**
 * Serves a GET/HEAD for a static file path from `ASSETS`.
 *
 * @returns the file with mutable headers, or a plain-text 404.
 */
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
