/**
 * The VPF worker: a Hono app that is wrangler's `main`.
 *
 * Order (issue 2): security headers → flags → holding rule → feature gates →
 * the checkout API and its local sandbox → the render cache → static files or
 * hand-off to React Router's request handler, which streams
 * the server-rendered page. The hand-off passes a `RouterContextProvider`
 * carrying the flags, the CSP nonce, the gate decision and the environment.
 */
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { edgeContext } from "../app/lib/context";
import { checkoutRoutes } from "./checkout";
import { sandboxRoutes } from "./commerce-sandbox";
import { featureGates } from "./feature-gates";
import { flagsMiddleware } from "./flags";
import { holdingRule } from "./holding-page";
import { renderCache } from "./render-cache";
import { securityHeaders } from "./security-headers";
import { serveStaticAsset } from "./static-assets";
import type { WorkerEnv } from "./types";

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const app = new Hono<WorkerEnv>();

app.use(securityHeaders({ dev: import.meta.env.DEV }));
app.use(flagsMiddleware());
app.use(holdingRule());
app.use(featureGates());

app.route("/", checkoutRoutes());
app.route("/", sandboxRoutes());
app.use(renderCache());

app.all("*", async (c) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") {
    const asset = await serveStaticAsset(c.req.raw, c.env.ASSETS);
    if (asset) return asset;
  }
  const context = new RouterContextProvider();
  context.set(edgeContext, {
    flags: c.var.flags,
    nonce: c.var.secureHeadersNonce ?? "",
    blockedBy: c.var.blockedBy,
    env: c.env,
  });
  return handleRequest(c.req.raw, context);
});

app.onError((error, c) => {
  console.error(JSON.stringify({ level: "error", event: "worker.unhandled", message: String(error) }));
  return c.json({ error: "internal_error", message: "Something went wrong. Please try again." }, 500);
});

export default app;
