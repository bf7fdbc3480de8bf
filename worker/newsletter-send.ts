/**
 * Sending an issue (rule 6.8): the cron or the operator starts a send, which enqueues
 * one message per batch of confirmed readers; the queue consumer mails each reader and records the delivery, so a
 * retried batch or a second run never mails anyone twice.
 */
import { type Context, Hono } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import * as v from "valibot";
import issues from "virtual:vpf/newsletters";
import { EmailAddressSchema } from "../core/email-address";
import { renderIssueMail } from "../core/newsletter-mail";
import type { NewsletterIssue } from "../content/newsletter-issue-schema";
import type { NewsletterConfig } from "./config";
import { answerError, jsonEndpoint } from "./json-endpoint";
import { LOCAL_SITE_URL, type ListContext, buildUnsubscribeUrl, sendListMail } from "./newsletter";
import type { WorkerEnv } from "./types";

/** The operator's endpoint. */
export const SEND_ENDPOINT = "/api/newsletter/send";

/** Readers per queue message. */
export const SEND_BATCH_SIZE = 100;

/** Readers read from D1 per query while a send is enqueued: 10 messages, under one `sendBatch`'s 256 KB. */
const PAGE_SIZE = 10 * SEND_BATCH_SIZE;

/** The cron sends an issue only in the week after its send date, so a first deploy never mails the archive. */
export const CRON_SEND_WINDOW_MS = 7 * 86_400_000;

/** One queue message: an issue and the readers of one batch. */
export const SendBatchSchema = v.strictObject({
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  emails: v.pipe(v.array(EmailAddressSchema), v.minLength(1), v.maxLength(SEND_BATCH_SIZE)),
});

export type SendBatch = v.InferOutput<typeof SendBatchSchema>;

/** How a send started: readers and queue messages. */
export interface SendStart {
  slug: string;
  recipients: number;
  batches: number;
}

/** The issue named `slug`, or `undefined`. */
export function findIssue(slug: string): NewsletterIssue | undefined {
  return issues.find((issue) => issue.slug === slug);
}

/** The issues the cron at `nowMs` should send: due, and due within the last week. */
export function findDueIssues(nowMs: number): NewsletterIssue[] {
  return issues.filter((issue) => {
    const dueMs = Date.parse(issue.sendAt);
    return dueMs <= nowMs && nowMs - dueMs < CRON_SEND_WINDOW_MS;
  });
}

/**
 * Starts the send of `issue` to every confirmed reader (rule 6.8). For an issue started before, the operator's call
 * queues again only the readers recorded as failed, and the cron's does nothing: `null` when nobody is queued.
 *
 * @throws the database's or the queue's error (a send that fails half-way stays recorded as started; readers
 *   already enqueued are mailed, and `npm run newsletter -- status` shows the shortfall).
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
  const retry = claimed.meta.changes === 0;
  if (retry && trigger === "cron") return null;
  let recipients = 0;
  let batches = 0;
  let after = "";
  for (;;) {
    // A retried page loses its rows before it is queued, so the consumer mails it and a second retry finds none.
    const page = retry
      ? db
          .prepare(
            `DELETE FROM newsletter_deliveries WHERE issue_slug = ? AND email IN (SELECT email
             FROM newsletter_deliveries WHERE issue_slug = ? AND outcome = 'failed' LIMIT ?) RETURNING email`,
          )
          .bind(issue.slug, issue.slug, PAGE_SIZE)
      : db
          .prepare(
            "SELECT email FROM newsletter_signups WHERE status = 'confirmed' AND email > ? ORDER BY email LIMIT ?",
          )
          .bind(after, PAGE_SIZE);
    const { results } = await page.all<{ email: string }>();
    if (results.length === 0) break;
    const emails = results.map((row) => row.email);
    const messages = [];
    for (let start = 0; start < emails.length; start += SEND_BATCH_SIZE) {
      messages.push({ body: { slug: issue.slug, emails: emails.slice(start, start + SEND_BATCH_SIZE) } });
    }
    try {
      await queue.sendBatch(messages);
    } catch (error) {
      // The page is failed again, so a later retry still finds it.
      if (retry) await recordTheRest(db, { slug: issue.slug, emails }, "failed");
      throw error;
    }
    recipients += emails.length;
    batches += messages.length;
    after = emails.at(-1)!;
  }
  if (retry) return recipients > 0 ? { slug: issue.slug, recipients, batches } : null;
  await db
    .prepare("UPDATE newsletter_sends SET recipients = ?, batches = ? WHERE issue_slug = ?")
    .bind(recipients, batches, issue.slug)
    .run();
  return { slug: issue.slug, recipients, batches };
}

/**
 * The Sunday cron: starts every issue that came due in the last week and was not started yet.
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

/** The readers of `batch` still confirmed and not yet mailed this issue. */
async function findUndelivered(db: NewsletterConfig["db"], batch: SendBatch): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT s.email FROM newsletter_signups AS s
       WHERE s.email IN (SELECT value FROM json_each(?)) AND s.status = 'confirmed'
         AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries AS d WHERE d.issue_slug = ? AND d.email = s.email)
       ORDER BY s.email`,
    )
    .bind(JSON.stringify(batch.emails), batch.slug)
    .all<{ email: string }>();
  return results.map((row) => row.email);
}

/**
 * Records `outcome` for each reader of a batch still on the list with no row for the issue yet, so `status` counts
 * the send done (an address deleted on request keeps no trace). Returns how many were recorded.
 */
async function recordTheRest(
  db: NewsletterConfig["db"],
  { slug, emails }: { slug: string; emails: readonly string[] },
  outcome: "skipped" | "failed",
) {
  const recorded = await db
    .prepare(
      `INSERT INTO newsletter_deliveries (issue_slug, email, sent_at, outcome)
       SELECT ?, value, ?, ? FROM json_each(?) WHERE value IN (SELECT email FROM newsletter_signups)
       ON CONFLICT DO NOTHING`,
    )
    .bind(slug, Date.now(), outcome, JSON.stringify(emails))
    .run();
  return recorded.meta.changes;
}

/**
 * Mails one batch: each reader still confirmed and not yet mailed gets the issue, and the delivery is recorded
 * right after the binding accepts it; the readers left (no longer confirmed) are recorded as skipped.
 * Returns how many were mailed.
 *
 * @throws the first mail's or the database's error: the queue retries the batch, which skips those recorded.
 */
export async function deliverBatch(context: ListContext, batch: SendBatch): Promise<number> {
  const issue = findIssue(batch.slug);
  if (!issue) {
    console.error(JSON.stringify({ level: "error", event: "newsletter.unknown_issue", slug: batch.slug }));
    return 0;
  }
  const { newsletter } = context;
  const siteUrl = newsletter.siteUrl ?? LOCAL_SITE_URL;
  const webViewUrl = `${siteUrl}/newsletter/issues/${issue.slug}`;
  let mailed = 0;
  for (const email of await findUndelivered(newsletter.db, batch)) {
    const unsubscribeUrl = await buildUnsubscribeUrl(context, siteUrl, email);
    await sendListMail(
      newsletter,
      email,
      renderIssueMail(issue, { webViewUrl, unsubscribeUrl, siteUrl }),
      unsubscribeUrl,
    );
    await newsletter.db
      .prepare("INSERT INTO newsletter_deliveries (issue_slug, email, sent_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
      .bind(issue.slug, email, Date.now())
      .run();
    mailed += 1;
  }
  await recordTheRest(newsletter.db, batch, "skipped");
  return mailed;
}

/** The queue consumer: a message that is not a batch is acknowledged and logged; a failed batch is retried. */
export async function consumeSendBatches(newsletter: NewsletterConfig | null, batch: MessageBatch, key: CryptoKey) {
  for (const message of batch.messages) {
    const parsed = v.safeParse(SendBatchSchema, message.body);
    if (!parsed.success || !newsletter) {
      console.error(JSON.stringify({ level: "error", event: "newsletter.bad_message", id: message.id }));
      message.ack();
      continue;
    }
    try {
      const mailed = await deliverBatch({ newsletter, key, nowMs: Date.now() }, parsed.output);
      console.log(JSON.stringify({ level: "info", event: "newsletter.batch", slug: parsed.output.slug, mailed }));
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
 * The dead-letter queue's consumer (rule 6.8): the readers of each dead batch with no row yet are recorded as
 * failed, so `status` shows the send finished with failures and `send SLUG` can queue them again. Logs one error
 * per batch and acknowledges every message; a database error fails the whole batch, which the queue redelivers.
 */
export async function consumeDeadBatches(newsletter: NewsletterConfig | null, batch: MessageBatch): Promise<void> {
  for (const message of batch.messages) {
    const parsed = v.safeParse(SendBatchSchema, message.body);
    if (parsed.success && newsletter) {
      const failed = await recordTheRest(newsletter.db, parsed.output, "failed");
      console.error(
        JSON.stringify({ level: "error", event: "newsletter.batch_dead", slug: parsed.output.slug, failed }),
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
});

/** The send endpoint's refusals of a missing, malformed or wrong token (the JSON envelope of rule 8.6). */
const SEND_REFUSALS = {
  missing: { error: "unauthorized", message: "Send the token as Authorization: Bearer NEWSLETTER_SEND_TOKEN." },
  malformed: { error: "invalid_request", message: "The Authorization header is not a bearer token." },
  wrong: { error: "unauthorized", message: "The token does not match the site's NEWSLETTER_SEND_TOKEN." },
} as const;

/**
 * `POST /api/newsletter/send`: the operator starts an issue's send now (`npm run newsletter -- send SLUG`), with
 * `Authorization: Bearer NEWSLETTER_SEND_TOKEN`. 202 `SendStart` (for an issue sent before, its failed readers);
 * 404 without the newsletter or the token, or for an unknown issue; 409 `not_due` for an issue whose send time is
 * still to come (unless `now: true`), `already_sent` for one sent before with none failed.
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
      handle: async (c, { slug, now }) => {
        const issue = findIssue(slug);
        if (!issue) return answerError(c, 404, "unknown_issue", `No issue is named "${slug}".`);
        if (!now && Date.parse(issue.sendAt) > Date.now()) {
          const message = `The issue "${slug}" is due at ${issue.sendAt}; the cron sends it then. To send it now, add --now.`;
          return answerError(c, 409, "not_due", message);
        }
        const started = await startSend(c.var.config.newsletter!, issue, "operator", Date.now());
        if (!started) return answerError(c, 409, "already_sent", `The issue "${slug}" was sent before.`);
        return c.json(started, 202);
      },
    }),
  );
  return routes;
}
