/**
 * The gate for worker endpoints (rule 1.5): an `/api/*` path whose flag is
 * off, or that no endpoint answers, gets a JSON 404. Pages are gated by their
 * own route modules (`requireFlag`), which read the same site map, so
 * documents and `.data` requests get the full 404 page with status 404.
 */
import type { MiddlewareHandler } from "hono";
import { API_ROUTES, isPathOpen } from "../core/site-map";
import type { WorkerEnv } from "./types";

/** Hono middleware for `/api/*`; needs `c.var.flags`. */
export function apiGate(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (!path.startsWith("/api/")) return next();
    const known = API_ROUTES.some((route) => route.path === path);
    if (known && isPathOpen(path, c.var.flags)) return next();
    c.header("Cache-Control", "no-store");
    return c.json({ error: "not_found", message: "This feature is not available." }, 404);
  };
}
