/** The holding page (rule 1.4): every holding decision is made here. */
import { isStaticFilePath } from "../core/page-registry";
import type { Context, MiddlewareHandler } from "hono";
import { setCachePolicy } from "./response-policy";
import type { WorkerEnv } from "./types";

export const HOLDING_PATH = "/please-hold";

export const HOLDING_RETRY_AFTER_S = 300;

/** The holding page and what it needs to render stay reachable. */
export function isAllowedWhileHolding(pathname: string): boolean {
  return (
    pathname === HOLDING_PATH ||
    pathname === `${HOLDING_PATH}.data` ||
    pathname === "/__manifest" ||
    pathname.startsWith("/assets/") ||
    pathname.startsWith("/images/brand/") ||
    pathname === "/favicon.ico" ||
    pathname === "/favicon.svg"
  );
}

export function redirectToHolding(c: Context<WorkerEnv>): Response {
  setCachePolicy(c, "no-store");
  return c.redirect(HOLDING_PATH, 302);
}

/** Needs `c.var.flags`. */
export function holdingRule(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    if (!c.var.flags.holdingPage) return next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      c.header("Retry-After", String(HOLDING_RETRY_AFTER_S));
      setCachePolicy(c, "no-store");
      return c.json(
        { error: "holding", message: "The site is briefly unavailable while we recalibrate. Please try again soon." },
        503,
      );
    }
    if (!isAllowedWhileHolding(c.req.path)) return redirectToHolding(c);
    await next();
    if (c.res.status === 404 && isStaticFilePath(c.req.path)) c.res = redirectToHolding(c);
  };
}
