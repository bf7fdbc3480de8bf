/**
 * The holding page (rule 1.4). While `holdingPage` is on, every GET/HEAD
 * except the holding page and what it needs answers 302 to `/please-hold`,
 * and every other method, on any path, answers 503 with `Retry-After` and a
 * JSON error. A file under an allowed prefix that turns out to be missing
 * also goes to the holding page. Every holding decision is made here; with
 * the flag off this does nothing.
 */
import { isStaticFilePath } from "../core/page-registry";
import type { Context, MiddlewareHandler } from "hono";
import { setCachePolicy } from "./response-policy";
import type { WorkerEnv } from "./types";

/** Where the holding rule sends visitors. */
export const HOLDING_PATH = "/please-hold";

/** Seconds a client is asked to wait while the site holds. */
export const HOLDING_RETRY_AFTER_S = 300;

/**
 * Whether a canonical path stays reachable during holding: the page itself
 * (document and `.data`), React Router's route manifest, the fingerprinted
 * build assets under `/assets/` (the page's scripts, styles and fonts), the
 * brand images and the favicon.
 */
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

/** The 302 to the holding page, never cached. */
export function redirectToHolding(c: Context<WorkerEnv>): Response {
  setCachePolicy(c, "no-store");
  return c.redirect(HOLDING_PATH, 302);
}

/** Hono middleware applying the rule; needs `c.var.flags`. */
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
    // A missing file under an allowed prefix: the way to the holding page, not a bare 404.
    if (c.res.status === 404 && isStaticFilePath(c.req.path)) c.res = redirectToHolding(c);
  };
}
