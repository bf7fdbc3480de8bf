/**
 * The newsletter's endpoints (rule 6.8): the operator's `POST /api/newsletter/send` and the mail provider's
 * `POST /api/newsletter/events`. The send and the events' effects are `server/newsletter-send.server.ts`.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import * as v from "valibot";
import { readPublishMs } from "../content/publication";
import { EmailAddressSchema } from "../core/email-address";
import { readContentStore } from "../server/content.server";
import { ProviderUnavailableError, verifyWebhook } from "../server/mail-provider.server";
import { logEvent, readListContext } from "../server/newsletter.server";
import {
  ProviderEventSchema,
  applyProviderEvent,
  countUnknownDeliveries,
  findIssue,
  sendTestMail,
  startSend,
} from "../server/newsletter-send.server";
import { type JsonEndpointOptions, answerError, jsonEndpoint } from "./json-endpoint";
import type { WorkerEnv } from "./types";

const SendRequestSchema = v.strictObject({
  slug: v.pipe(v.string(), v.maxLength(200)),
  now: v.optional(v.boolean()),
  test: v.optional(EmailAddressSchema),
  resendUnknown: v.optional(v.boolean()),
});

/**
 * `POST /api/newsletter/send` with `Authorization: Bearer NEWSLETTER_SEND_TOKEN`: the operator starts or goes on
 * with an issue's send. 202 `SendStart` (for an issue started before, the readers still to mail, with
 * `resendUnknown` also those whose batch was cut off, decision 016); with `test`, 200 `{ slug, test }` once the
 * provider took that one mail, 422 `refused` when it refused the address. 404 `not_found` without the token (or,
 * without the newsletter, to anyone not holding it); to its holder, 404 `forms_simulated` while forms are
 * simulated and `newsletter_unconfigured` while the newsletter lacks a setting; 404 `unknown_issue` for an issue
 * the build does not have; 409 `not_due` for an issue still to come (unless `now: true`), `already_sent` when no
 * reader is left (naming how many are of unknown fate); 503 `provider_unavailable` when the provider cannot take
 * mail now.
 */
export function newsletterSendRoutes(): Hono<WorkerEnv> {
  const guard: MiddlewareHandler<WorkerEnv> = async (c, next) => {
    const { newsletter, newsletterSendToken: token, forms } = c.var.config;
    if (!token) return answerError(c, 404, "not_found", "This feature is not available.");
    // A constant-time compare; its refusals (401, or 400 for a header that is not a bearer token) reach the envelope.
    const checkToken = bearerAuth({ token });
    if (newsletter) return checkToken(c as unknown as Context, next);
    // Without the newsletter only the token's holder learns why; to anyone else the endpoint does not exist.
    let holdsToken = false;
    try {
      await checkToken(c as unknown as Context, async () => {
        holdsToken = true;
      });
    } catch {
      // Refused: not the holder.
    }
    if (!holdsToken) return answerError(c, 404, "not_found", "This feature is not available.");
    if (forms.mode === "simulated") {
      const message = `Forms are simulated on this site (FORMS_MODE "simulated"): it keeps no readers, so it sends no issue. Serve it with FORMS_MODE "d1".`;
      return answerError(c, 404, "forms_simulated", message);
    }
    const message =
      "The newsletter is not set up on this site: it needs FORMS_DB, NEWSLETTER_MAIL, NEWSLETTER_QUEUE, NEWSLETTER_FROM and the four MAILGUN_* values.";
    return answerError(c, 404, "newsletter_unconfigured", message);
  };
  return guardedJsonEndpoint(guard, {
    path: "/api/newsletter/send",
    noun: "send request",
    maxBytes: 1024,
    schema: SendRequestSchema,
    invalid: { error: "invalid_request" },
    handle: async (c, { slug, now, test, resendUnknown }) => {
      const newsletter = c.var.config.newsletter!;
      const issue = await findIssue(readContentStore(c.var.config), slug);
      if (!issue) return answerError(c, 404, "unknown_issue", `This site's build has no issue named "${slug}".`);
      try {
        if (test !== undefined) {
          const refusal = await sendTestMail(await readListContext(newsletter, c.var.config), issue, test);
          if (refusal !== null) return answerError(c, 422, "refused", `The mail provider refused ${test}: ${refusal}`);
          return c.json({ slug, test }, 200);
        }
        if (!now && readPublishMs(issue.sendAt) > Date.now()) {
          const message = `The issue "${slug}" is due at ${issue.sendAt}; the cron sends it then. To send it now, add --now.`;
          return answerError(c, 409, "not_due", message);
        }
        const started = await startSend(newsletter, issue, "operator", Date.now(), {
          resendUnknown: resendUnknown === true,
        });
        if (started) return c.json(started, 202);
        const unknown = await countUnknownDeliveries(newsletter.db, slug);
        const cutOff = unknown
          ? ` ${unknown} reader(s) of it are of unknown fate (their batch was cut off): \`npm run newsletter -- status\` lists them; after checking the provider's log, send again with --resend-unknown to mail them.`
          : "";
        return answerError(
          c,
          409,
          "already_sent",
          `The issue "${slug}" has an outcome for every reader of its send.${cutOff}`,
        );
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        return answerError(c, 503, "provider_unavailable", error.message);
      }
    },
  });
}

/** A JSON endpoint behind `guard`, for the operator or the provider: `application/json` only, no rate limit. */
function guardedJsonEndpoint<T extends v.GenericSchema>(
  guard: MiddlewareHandler<WorkerEnv>,
  options: Omit<JsonEndpointOptions<T>, "limiter" | "mediaTypes">,
): Hono<WorkerEnv> {
  const routes = new Hono<WorkerEnv>();
  routes.use(options.path, guard);
  routes.route("/", jsonEndpoint({ ...options, limiter: () => null, mediaTypes: ["application/json"] }));
  return routes;
}

/**
 * `POST /api/newsletter/events` (rule 6.8, decision 016), Mailgun's webhook: `{ signature: { timestamp, token,
 * signature }, "event-data": { event, severity, recipient, message: { headers: { "message-id" } } } }`. A permanent
 * failure, a complaint or an unsubscribe marks the reader never to be mailed again, but only a reader the named
 * message was sent to; anything else changes nothing. 200 `{ ok, marked }` for every signed event seen the first
 * time (ignored ones too, so the provider does not retry them); 401 `unsigned` for a signature that does not verify
 * or is over 15 minutes from now, 401 `replayed` for a token already seen; 404 without the newsletter.
 */
export function newsletterEventRoutes(): Hono<WorkerEnv> {
  const guard: MiddlewareHandler<WorkerEnv> = async (c, next) => {
    if (!c.var.config.newsletter) return answerError(c, 404, "not_found", "This feature is not available.");
    await next();
  };
  return guardedJsonEndpoint(guard, {
    path: "/api/newsletter/events",
    noun: "event",
    maxBytes: 64 * 1024,
    schema: ProviderEventSchema,
    invalid: { error: "invalid_event" },
    handle: async (c, event) => {
      const newsletter = c.var.config.newsletter!;
      const nowMs = Date.now();
      if (!(await verifyWebhook(newsletter.bulk.webhookSigningKey, event.signature, nowMs))) {
        return answerError(c, 401, "unsigned", "The event's signature does not verify.");
      }
      const marked = await applyProviderEvent(newsletter.db, event, nowMs);
      if (marked === null) return answerError(c, 401, "replayed", "This event's token was already used.");
      logEvent("info", "newsletter.provider_event", { kind: event["event-data"].event, marked });
      return c.json({ ok: true, marked }, 200);
    },
  });
}
