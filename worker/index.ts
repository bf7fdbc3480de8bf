/** The VPF worker, wrangler's `main`: ARCHITECTURE.md draws the request's path through the middleware below. */
import { Hono } from "hono";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { env as runningEnv, withEnv } from "cloudflare:workers";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { edgeContext } from "../core/edge-context";
import { isStaticFilePath } from "../core/page-registry";
import { canonicalUrls } from "./canonical-url";
import { cartFormRoutes } from "./cart-form";
import { checkoutRoutes } from "./checkout";
import { type Config, NEWSLETTER_DEAD_LETTER_QUEUE, readConfig } from "../server/config.server";
import { cspReportRoutes } from "./csp-report";
import { apiGate } from "./feature-gates";
import { flagsMiddleware, readFlags } from "./flags";
import { deleteExpiredMessages } from "../server/forms.server";
import { holdingRule } from "./holding-page";
import { startModulesAfterHero } from "./html-rewrites";
import { type PageRenderer, pageCache } from "./page-cache";
import { pageMethods } from "./page-methods";
import { answerRefusal } from "./json-endpoint";
import { drainRequestBodies } from "./request-body";
import { responsePolicy, setCachePolicy } from "./response-policy";
import { securityHeaders } from "./security-headers";
import { appendServerTiming, describeRender } from "./server-timing";
import { readSigningKey } from "../server/signing-key.server";
import { serveDevServerPaths, serveStaticFile } from "./static-assets";
import { readContentStore } from "../server/content.server";
import type { WorkerEnv } from "./types";
import { vitalsRoutes } from "./vitals";
import * as list from "../server/newsletter.server";
import { oneClickUnsubscribeRoutes } from "./one-click-unsubscribe";
import * as send from "../server/newsletter-send.server";
import { newsletterEventRoutes, newsletterSendRoutes } from "./newsletter-routes";
import { CLEANUP_CRON } from "../core/newsletter-schedule";
import { PENDING_RETENTION_DAYS } from "../core/newsletter-tokens";

const loadServerBuild = () => import("virtual:react-router/server-build");
type ReactRouterHandler = ReturnType<typeof createRequestHandler>;
let builtHandler: Promise<ReactRouterHandler> | undefined;

// Handed a function, React Router re-derives its route table on every request: right for the dev server's hot
// reload, about 1.5 CPU ms wasted per render in a build (bench/README.md, "Render cost"). A build therefore
// resolves the server build once per isolate, and retries a failed import on the next request.
const handleRequest: ReactRouterHandler = import.meta.env.DEV
  ? createRequestHandler(loadServerBuild, import.meta.env.MODE)
  : async (request, loadContext) => {
      builtHandler ??= loadServerBuild().then(
        (build) => createRequestHandler(build, import.meta.env.MODE),
        (error: unknown) => {
          builtHandler = undefined;
          throw error;
        },
      );
      return (await builtHandler)(request, loadContext);
    };

const app = new Hono<WorkerEnv>();

if (import.meta.env.DEV) app.use(serveDevServerPaths());

app.use(async (c, next) => {
  c.set("config", readConfig(c.env));
  c.set("render", { streamError: false });
  await next();
});
app.use(drainRequestBodies());
app.use(securityHeaders({ dev: import.meta.env.DEV }));
app.use(responsePolicy());
app.use(canonicalUrls());
app.use(flagsMiddleware());
// Before the holding rule: a mail client's one-click unsubscribe and the mail provider's events must work while
// the site holds (rule 6.8).
app.route("/", oneClickUnsubscribeRoutes());
app.route("/", newsletterEventRoutes());
app.use(holdingRule());
app.use(pageMethods());
app.use(apiGate());

app.route("/", checkoutRoutes());
app.route("/", cspReportRoutes());
app.route("/", vitalsRoutes());
app.route("/", newsletterSendRoutes());
// Read as the build's literal here and in checkout.ts, not through config.ts: only then does the
// bundler drop the sandbox from production (a constant exported by config.ts kept its chunk).
if (__COMMERCE_SANDBOX__) {
  app.get("/sandbox/checkout", async (c, next) => {
    // Live mode or the store off: the 404 page, like any closed page (rules 1.5, 5.7).
    if (c.var.config.commerce?.mode !== "sandbox" || !c.var.flags.store) return next();
    const { renderSandboxCheckout } = await import("./commerce/sandbox-commerce");
    return renderSandboxCheckout(c, await readSigningKey(c.var.config));
  });
}

// A form posted from another site's page is refused here with 403, before React Router, whose own
// check would answer it with an error page (rule 6.6). Only form content types are checked.
app.use(csrf());
app.route("/", cartFormRoutes());

app.on(["GET", "HEAD"], "*", async (c, next) => {
  if (isStaticFilePath(c.req.path)) return serveStaticFile(c);
  await next();
});
/**
 * Renders a page with React Router for `flags`, then starts its modules after the largest paint. The router context
 * carries this request's flags, nonce and render outcome; loaders import the domain from `server/`.
 */
const renderPage: PageRenderer = async (request, nonce, render, flags) => {
  const context = new RouterContextProvider();
  context.set(edgeContext, { flags, nonce, render });
  return startModulesAfterHero(await handleRequest(request, context), nonce, new URL(request.url).pathname);
};

app.use(pageCache(renderPage));

app.all("*", async (c) => {
  const started = performance.now();
  const response = await renderPage(c.req.raw, c.var.secureHeadersNonce ?? "", c.var.render, c.var.flags);
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return response;
  return appendServerTiming(response, describeRender(performance.now() - started));
});

app.onError((error, c) => {
  setCachePolicy(c, "no-store");
  if (error instanceof HTTPException) return answerRefusal(c, error);
  console.error(JSON.stringify({ level: "error", event: "worker.unhandled", message: String(error) }));
  return c.json({ error: "internal_error", message: "Something went wrong. Please try again." }, 500);
});

/**
 * The Cron Triggers (`core/newsletter-schedule.ts`): any cron but the clean-up's is the newsletter's, which starts the
 * issues that came due; the daily clean-up deletes contact messages older than `FORMS_RETENTION_DAYS` (rule 6.7),
 * pending sign-ups older than PENDING_RETENTION_DAYS and the provider event tokens whose signature has expired
 * (rule 6.8). Throws the database's or the queue's error, so the run shows as
 * failed in the dashboard.
 */
async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const config = readConfig(env);
  const db = config.bindings.formsDb;
  const nowMs = controller.scheduledTime;
  if (controller.cron !== CLEANUP_CRON) {
    if (!config.newsletter) return;
    // Holding pauses sending: every link in a mail would lead to the holding page (rule 6.8).
    if (await isHolding(config)) return list.logEvent("info", "newsletter.paused", { reason: "holding" });
    list.logEvent("info", "newsletter.cron", {
      started: await send.sendDueIssues(config.newsletter, readContentStore(config), nowMs),
    });
    return;
  }
  if (!db) return;
  const deleted = await deleteExpiredMessages(db, config.forms.retentionDays, nowMs);
  const unconfirmed = await list.deleteUnconfirmedSignups(db, nowMs - PENDING_RETENTION_DAYS * 86_400_000);
  const eventTokens = await send.deleteExpiredEventTokens(db, nowMs);
  console.log(JSON.stringify({ level: "info", event: "forms.retention", deleted, unconfirmed, eventTokens }));
}

/** Whether the operator's holdingPage flag is on (read fresh: cron and queue runs are rare). */
async function isHolding(config: Config): Promise<boolean> {
  const kv = config.bindings.flags;
  return kv ? (await readFlags(kv)).holdingPage : false;
}

/** The newsletter's queue consumers (`wrangler.toml` `[[queues.consumers]]`): its queue and its dead-letter queue. */
async function queue(batch: MessageBatch, env: Env): Promise<void> {
  const config = readConfig(env);
  if (batch.queue === NEWSLETTER_DEAD_LETTER_QUEUE) return send.consumeDeadBatches(config.newsletter, batch);
  // Each hour's wait is one of the queue's five retries, so a hold of more than about five hours sends the rest to
  // the dead-letter queue, whose readers `send` queues again.
  if (await isHolding(config)) return batch.retryAll({ delaySeconds: 3600 });
  await send.consumeSendBatches(config.newsletter, readContentStore(config), batch, await readSigningKey(config));
}

/**
 * Runs a handler with the bindings it was handed, which `server/` reads through `cloudflare:workers`: a test that
 * calls the worker with other bindings gets them there too. Handed workerd's own `env` (a proxy of the running
 * bindings), it needs no scope: one would make the proxy stand for itself.
 */
async function runWithBindings<T>(env: Env, run: () => Promise<T>): Promise<T> {
  return env === runningEnv ? run() : ((await withEnv(env, run)) as T);
}

export default {
  fetch: (request, env, ctx) => runWithBindings(env, async () => app.fetch(request, env, ctx)),
  scheduled: (controller, env) => runWithBindings(env, () => scheduled(controller, env)),
  queue: (batch, env) => runWithBindings(env, () => queue(batch, env)),
} satisfies ExportedHandler<Env>;
