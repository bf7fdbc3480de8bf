/**
 * Sending an issue (rule 6.8): the cron or the operator starts a send, which enqueues one message per batch of
 * reader ids; the queue consumer claims each reader with a delivery row, mails the batch through the bulk provider
 * and records each reader's outcome, so a retried batch, a second run or a send started twice never mails anyone
 * twice, and one more `send` finishes a send that was interrupted anywhere.
 */
import { type Context, Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import * as v from "valibot";
import issues from "virtual:vpf/newsletters";
import { EmailAddressSchema } from "../core/email-address";
import { renderIssueMail } from "../core/newsletter-mail";
import { STALE_CLAIM_MS, isInCronWindow } from "../core/newsletter-schedule";
import type { NewsletterIssue } from "../content/newsletter-issue-schema";
import type { NewsletterConfig } from "./config";
import { answerError, jsonEndpoint } from "./json-endpoint";
import {
  type BulkOutcome,
  ProviderUnavailableError,
  RECIPIENT_UNSUBSCRIBE_URL,
  sendBulkMail,
  verifyWebhook,
} from "./mail-provider";
import { LOCAL_SITE_URL, type ListContext, buildUnsubscribeUrl, markReaderLeft, readListContext } from "./newsletter";
import type { WorkerEnv } from "./types";

/** The operator's endpoint. */
export const SEND_ENDPOINT = "/api/newsletter/send";

/** Readers per queue message and per provider call. */
export const SEND_BATCH_SIZE = 100;

/** Queue messages per `sendBatch`: 10 messages of at most 100 ids stay far under its 100-message, 256 KB limit. */
export const MESSAGES_PER_ENQUEUE = 10;

/** One queue message: an issue and the ids of up to 100 readers, never their addresses (rule 6.8). */
export const SendBatchSchema = v.strictObject({
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/), v.maxLength(200)),
  ids: v.pipe(
    v.array(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
    v.minLength(1),
    v.maxLength(SEND_BATCH_SIZE),
  ),
});

export type SendBatch = v.InferOutput<typeof SendBatchSchema>;

/** How a send started or went on: readers and queue messages. */
export interface SendStart {
  slug: string;
  recipients: number;
  batches: number;
}

/** The issue named `slug`, or `undefined`. */
export function findIssue(slug: string): NewsletterIssue | undefined {
  return issues.find((issue) => issue.slug === slug);
}

/** The issues the cron at `nowMs` should send: due, and due within its window. */
export function findDueIssues(nowMs: number): NewsletterIssue[] {
  return issues.filter((issue) => isInCronWindow(Date.parse(issue.sendAt), nowMs));
}

/**
 * Starts the send of `issue` to every reader confirmed by then (rule 6.8), or, for an issue started before, goes on
 * with it: the operator's call queues every reader of the send who has no outcome yet, whose claim went stale, or
 * whose batch failed; the cron's does nothing. `null` when nobody is left to queue.
 *
 * @throws the database's or the queue's error: readers already queued are mailed, and one more call queues the rest.
 */
export async function startSend(
  newsletter: NewsletterConfig,
  issue: NewsletterIssue,
  trigger: "cron" | "operator",
  nowMs: number,
): Promise<SendStart | null> {
  const { db, queue } = newsletter;
  const claimed = await db
    .prepare(
      `INSERT INTO newsletter_sends (issue_slug, started_at, recipients, batches, trigger) VALUES (?, ?, 0, 0, ?)
       ON CONFLICT (issue_slug) DO NOTHING`,
    )
    .bind(issue.slug, nowMs, trigger)
    .run();
  const first = claimed.meta.changes === 1;
  if (!first && trigger === "cron") return null;
  const send = await db
    .prepare("SELECT started_at FROM newsletter_sends WHERE issue_slug = ?")
    .bind(issue.slug)
    .first<{ started_at: number }>();
  if (!first) {
    await db
      .prepare(
        `DELETE FROM newsletter_deliveries WHERE issue_slug = ?
         AND (outcome = 'failed' OR (outcome = 'sending' AND at < ?))`,
      )
      .bind(issue.slug, nowMs - STALE_CLAIM_MS)
      .run();
  }
  let recipients = 0;
  let batches = 0;
  let after = 0;
  const pageSize = SEND_BATCH_SIZE * MESSAGES_PER_ENQUEUE;
  for (;;) {
    const { results } = await db
      .prepare(
        `SELECT id FROM newsletter_signups AS s
         WHERE s.status = 'confirmed' AND s.confirmed_at <= ? AND s.id > ?
           AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries AS d WHERE d.issue_slug = ? AND d.reader_id = s.id)
         ORDER BY s.id LIMIT ?`,
      )
      .bind(send!.started_at, after, issue.slug, pageSize)
      .all<{ id: number }>();
    if (results.length === 0) break;
    const ids = results.map((row) => row.id);
    const messages = [];
    for (let start = 0; start < ids.length; start += SEND_BATCH_SIZE) {
      messages.push({ body: { slug: issue.slug, ids: ids.slice(start, start + SEND_BATCH_SIZE) } satisfies SendBatch });
    }
    await queue.sendBatch(messages);
    recipients += ids.length;
    batches += messages.length;
    after = ids.at(-1)!;
  }
  if (!first) return recipients > 0 ? { slug: issue.slug, recipients, batches } : null;
  await db
    .prepare("UPDATE newsletter_sends SET recipients = ?, batches = ? WHERE issue_slug = ?")
    .bind(recipients, batches, issue.slug)
    .run();
  return { slug: issue.slug, recipients, batches };
}

/**
 * The Sunday cron: starts every issue that came due within the cron's window and was not started yet.
 *
 * @throws the first error, after trying every due issue, so the run shows as failed.
 */
export async function sendDueIssues(newsletter: NewsletterConfig, nowMs: number): Promise<SendStart[]> {
  const started: SendStart[] = [];
  const errors: unknown[] = [];
  for (const issue of findDueIssues(nowMs)) {
    try {
      const send = await startSend(newsletter, issue, "cron", nowMs);
      if (send) started.push(send);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
  return started;
}

/**
 * Claims the readers of `batch` still confirmed and with no row for the issue: one `sending` row each, so a
 * consumer running the same readers at once finds them taken. Returns the claimed readers.
 */
async function claimReaders(db: NewsletterConfig["db"], batch: SendBatch, nowMs: number) {
  const { results } = await db
    .prepare(
      `INSERT INTO newsletter_deliveries (issue_slug, reader_id, outcome, at)
       SELECT ?, s.id, 'sending', ? FROM newsletter_signups AS s
       WHERE s.id IN (SELECT value FROM json_each(?)) AND s.status = 'confirmed'
       ON CONFLICT DO NOTHING RETURNING reader_id`,
    )
    .bind(batch.slug, nowMs, JSON.stringify(batch.ids))
    .all<{ reader_id: number }>();
  if (results.length === 0) return [];
  const readers = await db
    .prepare("SELECT id, email FROM newsletter_signups WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id")
    .bind(JSON.stringify(results.map((row) => row.reader_id)))
    .all<{ id: number; email: string }>();
  return readers.results;
}

/** Sets the outcome of the readers `ids` of `slug` that are still claimed. */
async function recordOutcome(
  db: NewsletterConfig["db"],
  slug: string,
  ids: readonly number[],
  outcome: "delivered" | "refused",
) {
  if (ids.length === 0) return;
  await db
    .prepare(
      `UPDATE newsletter_deliveries SET outcome = ?, at = ?
       WHERE issue_slug = ? AND outcome = 'sending' AND reader_id IN (SELECT value FROM json_each(?))`,
    )
    .bind(outcome, Date.now(), slug, JSON.stringify(ids))
    .run();
}

/** Renders per isolate, by issue, origin and sender: every batch of a send mails the same text. */
const renderedIssues = new Map<string, ReturnType<typeof renderBulkIssueNow>>();

function renderBulkIssueNow(newsletter: NewsletterConfig, issue: NewsletterIssue) {
  const siteUrl = newsletter.siteUrl ?? LOCAL_SITE_URL;
  const mail = renderIssueMail(issue, {
    webViewUrl: `${siteUrl}/newsletter/issues/${issue.slug}`,
    unsubscribeUrl: RECIPIENT_UNSUBSCRIBE_URL,
    siteUrl,
  });
  return { ...mail, from: newsletter.from, tag: issue.slug };
}

/** The issue's mail with the provider's per-recipient unsubscribe link, and its `From`. */
function renderBulkIssue(newsletter: NewsletterConfig, issue: NewsletterIssue) {
  const key = JSON.stringify([issue.slug, newsletter.siteUrl, newsletter.from]);
  let mail = renderedIssues.get(key);
  if (!mail) renderedIssues.set(key, (mail = renderBulkIssueNow(newsletter, issue)));
  return mail;
}

/**
 * Mails one batch through the provider: claims its readers still confirmed and not yet mailed, sends them the
 * issue in one call with each one's signed unsubscribe link, and records each reader `delivered` or `refused` as
 * soon as the provider answers for them. Returns the provider's outcome.
 *
 * @throws the provider's or the database's error, after releasing the claims still open: the queue retries the
 *   batch, which skips the readers already recorded.
 */
export async function deliverBatch(context: ListContext, batch: SendBatch): Promise<BulkOutcome> {
  const issue = findIssue(batch.slug);
  if (!issue) {
    console.error(JSON.stringify({ level: "error", event: "newsletter.unknown_issue", slug: batch.slug }));
    return { delivered: [], refused: [] };
  }
  const { newsletter } = context;
  const { db } = newsletter;
  const readers = await claimReaders(db, batch, context.nowMs);
  if (readers.length === 0) return { delivered: [], refused: [] };
  try {
    const siteUrl = newsletter.siteUrl ?? LOCAL_SITE_URL;
    const recipients = await Promise.all(
      readers.map(async (reader) => ({
        email: reader.email,
        variables: { unsubscribe_url: await buildUnsubscribeUrl(context, siteUrl, reader.email) },
      })),
    );
    const idOf = new Map(readers.map((reader) => [reader.email, reader.id]));
    const mail = renderBulkIssue(newsletter, issue);
    const outcome = await sendBulkMail(newsletter.bulk, mail, recipients, async (step) => {
      await recordOutcome(
        db,
        issue.slug,
        step.delivered.map((email) => idOf.get(email)!),
        "delivered",
      );
      await recordOutcome(
        db,
        issue.slug,
        step.refused.map(({ email }) => idOf.get(email)!),
        "refused",
      );
    });
    for (const refusal of outcome.refused) {
      console.warn(
        JSON.stringify({ level: "warn", event: "newsletter.refused", slug: issue.slug, reason: refusal.reason }),
      );
    }
    return outcome;
  } catch (error) {
    await db
      .prepare(
        `DELETE FROM newsletter_deliveries WHERE issue_slug = ? AND outcome = 'sending'
         AND reader_id IN (SELECT value FROM json_each(?))`,
      )
      .bind(issue.slug, JSON.stringify(readers.map((reader) => reader.id)))
      .run()
      .catch(() => undefined);
    throw error;
  }
}

/**
 * Mails `issue` to one `address` through the same rendering and provider as a send, and records nothing: the
 * operator's test before sending (`npm run newsletter -- send SLUG --test ADDRESS`).
 *
 * @throws the provider's error when it cannot take the mail now.
 */
export async function sendTestMail(
  context: ListContext,
  issue: NewsletterIssue,
  address: string,
): Promise<BulkOutcome> {
  const siteUrl = context.newsletter.siteUrl ?? LOCAL_SITE_URL;
  const unsubscribeUrl = await buildUnsubscribeUrl(context, siteUrl, address);
  return sendBulkMail(context.newsletter.bulk, renderBulkIssue(context.newsletter, issue), [
    { email: address, variables: { unsubscribe_url: unsubscribeUrl } },
  ]);
}

/** How long a batch waits while the newsletter's configuration is incomplete, in s (it may be fixed meanwhile). */
const UNCONFIGURED_RETRY_DELAY_S = 600;

/**
 * The queue consumer: a message that is not a batch is acknowledged and logged; a failed batch is retried, and so
 * is every batch while the newsletter's configuration is incomplete (logged once per run).
 */
export async function consumeSendBatches(newsletter: NewsletterConfig | null, batch: MessageBatch, key: CryptoKey) {
  if (!newsletter) {
    console.error(
      JSON.stringify({ level: "error", event: "newsletter.not_configured", messages: batch.messages.length }),
    );
    batch.retryAll({ delaySeconds: UNCONFIGURED_RETRY_DELAY_S });
    return;
  }
  for (const message of batch.messages) {
    const parsed = v.safeParse(SendBatchSchema, message.body);
    if (!parsed.success) {
      console.error(JSON.stringify({ level: "error", event: "newsletter.bad_message", id: message.id }));
      message.ack();
      continue;
    }
    try {
      const outcome = await deliverBatch({ newsletter, key, nowMs: Date.now() }, parsed.output);
      console.log(
        JSON.stringify({
          level: "info",
          event: "newsletter.batch",
          slug: parsed.output.slug,
          delivered: outcome.delivered.length,
          refused: outcome.refused.length,
        }),
      );
      message.ack();
    } catch (error) {
      console.warn(
        JSON.stringify({
          level: "warn",
          event: "newsletter.batch_failed",
          attempt: message.attempts,
          reason: String(error),
        }),
      );
      message.retry({ delaySeconds: Math.min(60, 5 * message.attempts) });
    }
  }
}

/**
 * The dead-letter queue's consumer (rule 6.8): the readers of each dead batch still confirmed and with no outcome
 * yet are recorded as failed, so `status` shows the send finished with failures and `send SLUG` can queue them
 * again. Logs one error per batch and acknowledges every message; a database error fails the whole batch, which
 * the queue redelivers.
 */
export async function consumeDeadBatches(newsletter: NewsletterConfig | null, batch: MessageBatch): Promise<void> {
  for (const message of batch.messages) {
    const parsed = v.safeParse(SendBatchSchema, message.body);
    if (parsed.success && newsletter) {
      const { results } = await newsletter.db
        .prepare(
          `INSERT INTO newsletter_deliveries (issue_slug, reader_id, outcome, at)
           SELECT ?, id, 'failed', ? FROM newsletter_signups
           WHERE id IN (SELECT value FROM json_each(?)) AND status = 'confirmed'
           ON CONFLICT DO NOTHING RETURNING reader_id`,
        )
        .bind(parsed.output.slug, Date.now(), JSON.stringify(parsed.output.ids))
        .all();
      console.error(
        JSON.stringify({
          level: "error",
          event: "newsletter.batch_dead",
          slug: parsed.output.slug,
          failed: results.length,
        }),
      );
    } else {
      console.error(JSON.stringify({ level: "error", event: "newsletter.bad_message", id: message.id }));
    }
    message.ack();
  }
}

const SendRequestSchema = v.strictObject({
  slug: v.pipe(v.string(), v.maxLength(200)),
  /** Send an issue whose send time is still to come; its web view opens only at that time. */
  now: v.optional(v.boolean()),
  /** Mail only this address, recording nothing: the operator's test. */
  test: v.optional(EmailAddressSchema),
});

/** The send endpoint's refusals of a missing, malformed or wrong token (the JSON envelope of rule 8.6). */
const SEND_REFUSALS = {
  missing: { error: "unauthorized", message: "Send the token as Authorization: Bearer NEWSLETTER_SEND_TOKEN." },
  malformed: { error: "invalid_request", message: "The Authorization header is not a bearer token." },
  wrong: { error: "unauthorized", message: "The token does not match the site's NEWSLETTER_SEND_TOKEN." },
} as const;

/**
 * `POST /api/newsletter/send`: the operator starts or goes on with an issue's send (`npm run newsletter -- send
 * SLUG`), with `Authorization: Bearer NEWSLETTER_SEND_TOKEN`. 202 `SendStart` (for an issue started before, the
 * readers still to mail); with `test`, 200 `{ slug, test }` once the provider took that one mail, 422 `refused`
 * when it refused the address. 404 without the newsletter or the token, or for an unknown issue; 409 `not_due`
 * for an issue whose send time is still to come (unless `now: true`), `already_sent` when no reader is left;
 * 503 `provider_unavailable` when the mail provider cannot take mail now.
 */
export function newsletterSendRoutes(): Hono<WorkerEnv> {
  const routes = new Hono<WorkerEnv>();
  routes.use(SEND_ENDPOINT, async (c, next) => {
    const token = c.var.config.newsletter?.sendToken;
    if (!token) return answerError(c, 404, "not_found", "This feature is not available.");
    // Compares in constant time, and answers 401 with `WWW-Authenticate` for a missing or wrong token, 400 for a
    // header that is not a bearer token; each in the endpoints' JSON envelope, with the hint the CLI prints.
    return bearerAuth({
      token,
      noAuthenticationHeader: { message: SEND_REFUSALS.missing },
      invalidAuthenticationHeader: { message: SEND_REFUSALS.malformed },
      invalidToken: { message: SEND_REFUSALS.wrong },
    })(c as unknown as Context, next);
  });
  routes.route(
    "/",
    jsonEndpoint({
      path: SEND_ENDPOINT,
      noun: "send request",
      limiter: () => null,
      mediaTypes: ["application/json"],
      maxBytes: 1024,
      schema: SendRequestSchema,
      invalid: { error: "invalid_request" },
      handle: async (c, { slug, now, test }) => {
        const newsletter = c.var.config.newsletter!;
        const issue = findIssue(slug);
        if (!issue) return answerError(c, 404, "unknown_issue", `No issue is named "${slug}".`);
        try {
          if (test !== undefined) {
            const outcome = await sendTestMail(await readListContext(newsletter, c.var.config), issue, test);
            const refusal = outcome.refused[0];
            if (refusal) return answerError(c, 422, "refused", `The mail provider refused ${test}: ${refusal.reason}`);
            return c.json({ slug, test }, 200);
          }
          if (!now && Date.parse(issue.sendAt) > Date.now()) {
            const message = `The issue "${slug}" is due at ${issue.sendAt}; the cron sends it then. To send it now, add --now.`;
            return answerError(c, 409, "not_due", message);
          }
          const started = await startSend(newsletter, issue, "operator", Date.now());
          if (!started) {
            return answerError(
              c,
              409,
              "already_sent",
              `The issue "${slug}" has an outcome for every reader of its send.`,
            );
          }
          return c.json(started, 202);
        } catch (error) {
          if (!(error instanceof ProviderUnavailableError)) throw error;
          return answerError(c, 503, "provider_unavailable", error.message);
        }
      },
    }),
  );
  return routes;
}

/** The provider's event webhook (decision 016). */
export const EVENTS_ENDPOINT = "/api/newsletter/events";

/** A provider event as its webhook posts it; only the fields read here. */
const ProviderEventSchema = v.object({
  signature: v.object({
    timestamp: v.pipe(v.string(), v.maxLength(20)),
    token: v.pipe(v.string(), v.maxLength(200)),
    signature: v.pipe(v.string(), v.maxLength(200)),
  }),
  "event-data": v.object({
    event: v.pipe(v.string(), v.maxLength(50)),
    recipient: v.optional(v.pipe(v.string(), v.maxLength(320))),
    severity: v.optional(v.pipe(v.string(), v.maxLength(50))),
  }),
});

/** What each event makes of its reader: never mailed again. A temporary failure changes nothing. */
function readLeavingStatus(event: v.InferOutput<typeof ProviderEventSchema>["event-data"]) {
  if (event.event === "failed" && event.severity === "permanent") return "bounced";
  if (event.event === "complained") return "complained";
  if (event.event === "unsubscribed") return "unsubscribed";
  return null;
}

/**
 * `POST /api/newsletter/events`: the provider reports a permanent bounce, a complaint or an unsubscribe, and the
 * reader is marked so no later send mails them (rule 6.8). Before the holding rule, like one-click unsubscribe.
 * 200 `{ ok, marked }` for every signed event (ignored ones included, so the provider does not retry them);
 * 401 `unsigned` for a signature that does not verify or is older than 15 minutes; 404 without the newsletter.
 */
export function newsletterEventRoutes(): Hono<WorkerEnv> {
  const routes = new Hono<WorkerEnv>();
  routes.use(EVENTS_ENDPOINT, async (c, next) => {
    if (!c.var.config.newsletter) return answerError(c, 404, "not_found", "This feature is not available.");
    await next();
  });
  routes.route(
    "/",
    jsonEndpoint({
      path: EVENTS_ENDPOINT,
      noun: "event",
      limiter: () => null,
      mediaTypes: ["application/json"],
      maxBytes: 64 * 1024,
      schema: ProviderEventSchema,
      invalid: { error: "invalid_event" },
      handle: async (c, event) => {
        const newsletter = c.var.config.newsletter!;
        if (!(await verifyWebhook(newsletter.bulk.webhookSigningKey, event.signature, Date.now()))) {
          return answerError(c, 401, "unsigned", "The event's signature does not verify.");
        }
        const data = event["event-data"];
        const status = readLeavingStatus(data);
        const parsed = v.safeParse(EmailAddressSchema, data.recipient ?? "");
        const marked =
          status !== null && parsed.success && (await markReaderLeft(newsletter.db, parsed.output, status));
        console.log(JSON.stringify({ level: "info", event: "newsletter.provider_event", kind: data.event, marked }));
        return c.json({ ok: true, marked }, 200);
      },
    }),
  );
  return routes;
}
