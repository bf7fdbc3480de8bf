/**
 * The holding-page rule (spec §2 "Global behaviour"; decisions.md "Holding
 * page"): while `holdingPage` is on, every GET/HEAD request except the
 * holding page and what it needs answers 302 to `/please-hold`; any other
 * method answers 503 with a JSON error. With the flag off this does nothing.
 */
import type { MiddlewareHandler } from "hono";
import type { WorkerEnv } from "./types";

/** Where the holding rule sends visitors. */
export const HOLDING_PATH = "/please-hold";

/**
 * Whether a path stays reachable during holding: the page itself (document
 * and `.data`), React Router's route manifest, the fingerprinted build
 * assets under `/assets/` (the page's own scripts and styles), its logo
 * images and the favicon.
 */
export function isAllowedWhileHolding(pathname: string): boolean {
  return (
    pathname === HOLDING_PATH ||
    pathname === `${HOLDING_PATH}.data` ||
    pathname === `${HOLDING_PATH}/` ||
    pathname === "/__manifest" ||
    pathname.startsWith("/assets/") ||
    pathname.startsWith("/images/brand/") ||
    pathname === "/favicon.ico" ||
    pathname === "/favicon.svg"
  );
}

/** Hono middleware applying the rule; needs `c.var.flags`. */
export function holdingRule(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    if (!c.var.flags.holdingPage || isAllowedWhileHolding(c.req.path)) return next();
    if (c.req.method === "GET" || c.req.method === "HEAD") {
      c.header("Cache-Control", "no-store");
      return c.redirect(HOLDING_PATH, 302);
    }
    c.header("Retry-After", "300");
    c.header("Cache-Control", "no-store");
    return c.json(
      { error: "holding", message: "The site is briefly unavailable while we recalibrate. Please try again soon." },
      503,
    );
  };
}
