/** The VPF worker, wrangler's `main`: ARCHITECTURE.md draws the request's path through the middleware below. */
import { type Context, Hono } from "hono";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { edgeContext } from "../core/edge-context";
import { isStaticFilePath } from "../core/page-registry";
import { canonicalUrls } from "./canonical-url";
import { cartFormRoutes } from "./cart-form";
import { checkoutRoutes } from "./checkout";
import {
  type Config,
  NEWSLETTER_DEAD_LETTER_QUEUE,
  type NewsletterConfig,
  readConfig,
  readPublicConfig,
} from "./config";
import { cspReportRoutes } from "./csp-report";
import { apiGate } from "./feature-gates";
import { flagsMiddleware, readFlags } from "./flags";
import { buildPageAnswer, deleteExpiredMessages, readFormContext, submitForm } from "./forms";
import { holdingRule } from "./holding-page";
import { startModulesAfterHero } from "./html-rewrites";
import { type PageRenderer, pageCache } from "./page-cache";
import { pageMethods } from "./page-methods";
import { answerRefusal } from "./json-endpoint";
import { drainRequestBodies } from "./request-body";
import { responsePolicy, setCachePolicy } from "./response-policy";
import { securityHeaders } from "./security-headers";
import { appendServerTiming, describeRender } from "./server-timing";
import { readOrderReceipt, readSigningKey } from "./signing-key";
import { serveDevServerPaths, serveStaticFile } from "./static-assets";
import { readContentStore } from "./content";
import type { WorkerEnv } from "./types";
import { vitalsRoutes } from "./vitals";
import * as list from "./newsletter";
import * as send from "./newsletter-send";
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
app.route("/", list.oneClickUnsubscribeRoutes());
app.route("/", send.newsletterEventRoutes());
app.use(holdingRule());
app.use(pageMethods());
app.use(apiGate());

app.route("/", checkoutRoutes());
app.route("/", cspReportRoutes());
app.route("/", vitalsRoutes());
app.route("/", send.newsletterSendRoutes());
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
/** The newsletter pages' server calls, each on the list's context read for that request. */
function readNewsletterCalls(newsletter: NewsletterConfig, config: Config) {
  const withList =
    <T>(call: (context: list.ListContext, token: string | null) => Promise<T>) =>
    async (token: string | null) =>
      call(await list.readListContext(newsletter, config), token);
  return {
    readConfirmState: withList(list.readConfirmState),
    confirm: withList(list.confirmSubscription),
    readUnsubscribeState: withList(list.readUnsubscribeState),
    unsubscribe: withList(list.unsubscribe),
  };
}

/** Renders a page with React Router, then starts its modules after the largest paint. */
function renderPage(c: Context<WorkerEnv>): PageRenderer {
  return async (request, nonce, render) => {
    const { config } = c.var;
    const { newsletter } = config;
    const context = new RouterContextProvider();
    context.set(edgeContext, {
      flags: c.var.flags,
      nonce,
      ...readPublicConfig(config),
      render,
      // Opened on first use: a page whose loaders read no content (and that is not an article) never opens it.
      get content() {
        return readContentStore(config);
      },
      readOrderReceipt: (token) => readOrderReceipt(config, token),
      submitForm: async (kind, formRequest) =>
        buildPageAnswer(kind, await submitForm(kind, formRequest, readFormContext(c))),
      newsletter: newsletter && readNewsletterCalls(newsletter, config),
    });
    return startModulesAfterHero(await handleRequest(request, context), nonce, new URL(request.url).pathname);
  };
}

app.use((c, next) => pageCache(renderPage(c))(c, next));

app.all("*", async (c) => {
  const started = performance.now();
  const response = await renderPage(c)(c.req.raw, c.var.secureHeadersNonce ?? "", c.var.render);
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

export default { fetch: app.fetch, scheduled, queue } satisfies ExportedHandler<Env>;
