/**
 * Feature gates (spec §2: "404 page if the … flag is off"). Decides, from the
 * shared path table, which flag closes the requested path. Pages are still
 * rendered by React Router so the visitor gets the full 404 page (status 404,
 * for documents and `.data` requests alike): the decision travels in the
 * router context and the gated route loaders throw it. API paths get a JSON 404
 * here.
 */
import type { MiddlewareHandler } from "hono";
import { findRequiredFlag, isPathOpen } from "../core/site-map";
import type { WorkerEnv } from "./types";

/** Hono middleware that sets `c.var.blockedBy`; needs `c.var.flags`. */
export function featureGates(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const blockedBy = isPathOpen(c.req.path, c.var.flags) ? null : findRequiredFlag(c.req.path);
    c.set("blockedBy", blockedBy);
    if (blockedBy && c.req.path.startsWith("/api/")) {
      return c.json({ error: "not_found", message: "This feature is not available." }, 404);
    }
    await next();
  };
}
