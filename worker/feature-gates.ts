/**
 * The gate for worker endpoints (rule 1.5): an `/api/*` path whose flag is
 * off, or that no endpoint answers, gets a JSON 404. Pages are gated by the
 * root route's middleware (`app/lib/page-gate.server.ts`), which reads the
 * page registry, so documents and `.data` requests get the full 404 page
 * with status 404.
 */
import type { MiddlewareHandler } from "hono";
import { API_ROUTES, isPathOpen } from "../core/page-registry";
import type { WorkerEnv } from "./types";
import { setCachePolicy } from "./response-policy";

/** Hono middleware for `/api/*`; needs `c.var.flags`. */
export function apiGate(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (!path.startsWith("/api/")) return next();
    const known = API_ROUTES.some((route) => route.path === path);
    if (known && isPathOpen(path, c.var.flags)) return next();
    setCachePolicy(c, "no-store");
    return c.json({ error: "not_found", message: "This feature is not available." }, 404);
  };
}
