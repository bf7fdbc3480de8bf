/**
 * Static files from `build/client`, served through the `ASSETS` binding
 * because the worker runs first for every path (rule 1.4). Fingerprinted
 * build output under `/assets/` is cached for a year as immutable (its name
 * changes when its content does); other public files keep the platform's
 * revalidation. A file that does not exist answers a plain 404 (or, while
 * holding, the way to the holding page): it never falls through to a page.
 */
import type { Context } from "hono";
import { redirectToHolding } from "./holding-page";
import type { WorkerEnv } from "./types";

/** Cache-Control for fingerprinted assets (one year, RFC 8246 `immutable`). */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Serves a GET/HEAD for a static file path from `ASSETS`.
 *
 * @returns the file with mutable headers, a 302 to `/please-hold` when it is
 *   missing while holding, or a plain-text 404.
 */
export async function serveStaticFile(c: Context<WorkerEnv>): Promise<Response> {
  const found = await c.env.ASSETS.fetch(c.req.raw);
  if (found.status === 404) {
    await found.body?.cancel();
    if (c.var.flags.holdingPage) return redirectToHolding(c);
    c.header("Cache-Control", "no-store");
    return c.text("Not Found", 404);
  }
  const response = new Response(found.body, found);
  if (c.req.path.startsWith("/assets/") && response.ok) {
    response.headers.set("Cache-Control", IMMUTABLE_CACHE_CONTROL);
  }
  return response;
}
