/**
 * Cache-Control for what browsers and shared caches receive (rule 8.3):
 * - HTML carries a per-request CSP nonce, so it is `private, no-cache`: a
 *   shared cache must never keep it and the browser revalidates each time.
 * - React Router's `.data` answers and every JSON answer are `no-store`.
 * A route may be stricter (`no-store`) but never looser. Fingerprinted
 * assets, feeds and redirects keep the headers their handlers set.
 */
import type { MiddlewareHandler } from "hono";
import { DATA_SUFFIX } from "../core/site-map";
import type { WorkerEnv } from "./types";

/** Cache-Control of every HTML response. */
export const HTML_CACHE_CONTROL = "private, no-cache";

/** Hono middleware that applies the policy on the way out. */
export function responsePolicy(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const type = headers.get("content-type") ?? "";
    const current = headers.get("cache-control") ?? "";
    if (c.req.path.endsWith(DATA_SUFFIX) || /^application\/(?:[\w.+-]+\+)?json/i.test(type)) {
      headers.set("Cache-Control", "no-store");
    } else if (type.startsWith("text/html") && !/no-store/.test(current)) {
      headers.set("Cache-Control", HTML_CACHE_CONTROL);
    }
    if (!c.var.config?.debugHeaders) headers.delete("X-Render-Cache");
  };
}
