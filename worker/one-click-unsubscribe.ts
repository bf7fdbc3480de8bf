/** A mail client's one-click unsubscribe (RFC 8058, rule 6.8), answered by the worker before any page. */
import { Hono } from "hono";
import { UNSUBSCRIBE_PATH, readListContext, unsubscribe } from "../server/newsletter.server";
import { setCachePolicy } from "./response-policy";
import type { WorkerEnv } from "./types";

/**
 * `POST /newsletter/unsubscribe?token=…` from a mail client (RFC 8058 one-click), before the cross-site check: it
 * comes from no page of ours, and the signed link is its proof. 200 with a short text, 400 for a link we did not
 * sign. A browser's form post (a navigation) goes on to the page's action instead.
 */
export function oneClickUnsubscribeRoutes(): Hono<WorkerEnv> {
  const routes = new Hono<WorkerEnv>();
  routes.post(UNSUBSCRIBE_PATH, async (c, next) => {
    const newsletter = c.var.config.newsletter;
    if (!newsletter || c.req.header("sec-fetch-mode") === "navigate") return next();
    const done = await unsubscribe(await readListContext(newsletter, c.var.config), c.req.query("token") ?? null);
    setCachePolicy(c, "no-store");
    return done ? c.text("You are unsubscribed.") : c.text("This unsubscribe link is not valid.", 400);
  });
  return routes;
}
