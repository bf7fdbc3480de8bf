/** The gate for `/api/*` (rule 1.5); pages are gated in the root route so they get the full 404 page. */
import type { MiddlewareHandler } from "hono";
import { API_ROUTES, isPathOpen } from "../core/page-registry";
import type { WorkerEnv } from "./types";
import { setCachePolicy } from "./response-policy";

/** Needs `c.var.flags`. */
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
