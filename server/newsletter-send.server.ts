/**
 * Sending an issue (rule 6.8): a send enqueues one message per batch of reader ids; the queue consumer claims each
 * reader with a delivery row, mails the batch through the bulk provider and records each reader's outcome, so no
 * one is mailed twice and one more `send` finishes a send interrupted anywhere; a reader whose batch was cut off
 * after it may have reached the provider is recorded `unknown` and mailed again only when the operator asks.
 */
import * as v from "valibot";
import type { ContentStore } from "../content/content-store.server";
import { readPublishMs } from "../content/publication";
import { EmailAddressSchema, readEmailKey } from "../core/email-address";
import { renderIssueMail } from "../core/newsletter-mail";
import { STALE_CLAIM_MS, isInCronWindow } from "../core/newsletter-schedule";
import type { NewsletterIssue } from "../content/newsletter-issue-schema";
import type { NewsletterConfig } from "./config.server";
import {
  type BulkOutcome,
  type BulkStep,
  ProviderNoAnswerError,
  ProviderUnavailableError,
  RECIPIENT_UNSUBSCRIBE_URL,
  WEBHOOK_SIGNATURE_LIFETIME_MS,
  readMessageId,
  sendBulkMail,
} from "./mail-provider.server";
import { LOCAL_SITE_URL, type ListContext, buildUnsubscribeUrl, logEvent } from "./newsletter.server";

/** Readers per queue message and per provider call. */
export const SEND_BATCH_SIZE = 100;

/** Queue messages per `sendBatch`: 10 messages of at most 100 ids stay far under its 100-message, 256 KB limit. */
export const MESSAGES_PER_ENQUEUE = 10;

const text = (maxLength: number) => v.pipe(v.string(), v.maxLength(maxLength));
const ReaderIdsSchema = v.array(v.pipe(v.number(), v.safeInteger(), v.minValue(1)));

/** One queue message: an issue and the ids of up to 100 readers, never their addresses (rule 6.8). */
export const SendBatchSchema = v.strictObject({
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/), v.maxLength(200)),
  ids: v.pipe(ReaderIdsSchema, v.minLength(1), v.maxLength(SEND_BATCH_SIZE)),
});

export type SendBatch = v.InferOutput<typeof SendBatchSchema>;

/** How a send started or went on: readers and queue messages. */
export type SendStart = { slug: string; recipients: number; batches: number };

/** The issue named `slug` in this deployment's content files, or `undefined`. */
export function findIssue(content: ContentStore, slug: string): Promise<NewsletterIssue | undefined> {
  return content.readIssue(slug);
}

/**
 * Starts the send of `issue` to every reader confirmed by then (rule 6.8), or goes on with one started before: the
 * operator's call records each claim older than `STALE_CLAIM_MS` as `unknown` (its batch may have reached the
 * provider, decision 016) and queues every reader of the send with no outcome yet or a failed batch, and with
 * `resendUnknown` those of unknown fate too; the cron's does nothing. `null` when nobody is left to queue.
 *
 * @throws the database's or the queue's error: readers already queued are mailed, and one more call queues the rest.
 */
export async function startSend(
  newsletter: NewsletterConfig,
  issue: NewsletterIssue,
  trigger: "cron" | "operator",
  nowMs: number,
  options: { resendUnknown?: boolean } = {},
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
    // A stale claim's consumer stopped somewhere between the claim and the record: never queued again by itself.
    await db.batch([
      db
        .prepare(
          `UPDATE newsletter_deliveries SET outcome = 'unknown', at = ?
           WHERE issue_slug = ? AND outcome = 'sending' AND at < ?`,
        )
        .bind(nowMs, issue.slug, nowMs - STALE_CLAIM_MS),
      db
        .prepare(
          `DELETE FROM newsletter_deliveries WHERE issue_slug = ?
           AND (outcome = 'failed' OR (outcome = 'unknown' AND ?))`,
        )
        .bind(issue.slug, options.resendUnknown === true ? 1 : 0),
    ]);
  }
  const sent: SendStart = { slug: issue.slug, recipients: 0, batches: 0 };
  let after = 0;
  for (;;) {
    const { results } = await db
      .prepare(
        `SELECT id FROM newsletter_signups AS s
         WHERE s.status = 'confirmed' AND s.confirmed_at <= ? AND s.id > ?
           AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries AS d WHERE d.issue_slug = ? AND d.reader_id = s.id)
         ORDER BY s.id LIMIT ?`,
      )
      .bind(send!.started_at, after, issue.slug, SEND_BATCH_SIZE * MESSAGES_PER_ENQUEUE)
      .all<{ id: number }>();
    if (results.length === 0) break;
    const ids = results.map((row) => row.id);
    const messages = [];
    for (let start = 0; start < ids.length; start += SEND_BATCH_SIZE) {
      messages.push({ body: { slug: issue.slug, ids: ids.slice(start, start + SEND_BATCH_SIZE) } satisfies SendBatch });
    }
    await queue.sendBatch(messages);
    sent.recipients += ids.length;
    sent.batches += messages.length;
    after = ids.at(-1)!;
  }
  if (!first) return sent.recipients > 0 ? sent : null;
  await db
    .prepare("UPDATE newsletter_sends SET recipients = ?, batches = ? WHERE issue_slug = ?")
    .bind(sent.recipients, sent.batches, issue.slug)
    .run();
  return sent;
}

/** The send cron: starts every issue due within its window; throws the first error after trying each issue. */
export async function sendDueIssues(
  newsletter: NewsletterConfig,
  content: ContentStore,
  nowMs: number,
): Promise<SendStart[]> {
  const started: SendStart[] = [];
  const errors: unknown[] = [];
  const { issues } = await content.readCatalogue();
  for (const due of issues.filter((issue) => isInCronWindow(readPublishMs(issue.sendAt), nowMs))) {
    try {
      const issue = await findIssue(content, due.slug);
      if (!issue) throw new Error(`the catalogue names issue ${due.slug}, whose file is missing`);
      const send = await startSend(newsletter, issue, "cron", nowMs);
      if (send) started.push(send);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
  return started;
}

/** Claims the readers of `batch` still confirmed and unrecorded with a `sending` row, so a twin consumer skips them. */
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

/** Every batch of a send mails the same text, so it is rendered once per isolate, issue, origin and sender. */
const renderedIssues = new Map<string, ReturnType<typeof renderIssueMail> & { from: string; tag: string }>();

function renderBulkIssue(newsletter: NewsletterConfig, issue: NewsletterIssue) {
  const key = JSON.stringify([issue.slug, newsletter.siteUrl, newsletter.from]);
  let mail = renderedIssues.get(key);
  if (!mail) {
    const siteUrl = newsletter.siteUrl ?? LOCAL_SITE_URL;
    const webViewUrl = `${siteUrl}/newsletter/issues/${issue.slug}`;
    const rendered = renderIssueMail(issue, { webViewUrl, unsubscribeUrl: RECIPIENT_UNSUBSCRIBE_URL, siteUrl });
    mail = { ...rendered, from: newsletter.from, tag: issue.slug };
    renderedIssues.set(key, mail);
  }
  return mail;
}

async function toRecipient(context: ListContext, email: string) {
  const siteUrl = context.newsletter.siteUrl ?? LOCAL_SITE_URL;
  return { email, variables: { unsubscribe_url: await buildUnsubscribeUrl(context, siteUrl, email) } };
}

/**
 * Mails one batch to its readers still confirmed and unmailed, recording each `delivered` or `refused` as soon as
 * the provider answers. Throws the provider's or the database's error after settling the open claims: released
 * when the provider cannot have taken them (the failure came before the first call, or the provider answered that
 * it cannot take the call now), else recorded `unknown` (decision 016). The queue retries the batch, which skips
 * every reader with a row.
 */
export async function deliverBatch(
  context: ListContext,
  content: ContentStore,
  batch: SendBatch,
): Promise<BulkOutcome> {
  const issue = await findIssue(content, batch.slug);
  if (!issue) {
    logEvent("error", "newsletter.unknown_issue", { slug: batch.slug });
    return { delivered: [], refused: [] };
  }
  const { db } = context.newsletter;
  const readers = await claimReaders(db, batch, context.nowMs);
  if (readers.length === 0) return { delivered: [], refused: [] };
  let calling = false;
  try {
    const recipients = await Promise.all(readers.map((reader) => toRecipient(context, reader.email)));
    const idOf = new Map(readers.map((reader) => [reader.email, reader.id]));
    const mail = renderBulkIssue(context.newsletter, issue);
    const record = async ({ delivered, refused, messageId }: BulkStep) => {
      for (const [answer, emails, id] of [
        ["delivered", delivered, messageId],
        ["refused", refused.map((r) => r.email), null],
      ] as const) {
        if (emails.length === 0) continue;
        // The message id is what the provider's events name: an event acts only on a reader it was sent to.
        await db
          .prepare(
            `UPDATE newsletter_deliveries SET outcome = ?, at = ?, message_id = ?
             WHERE issue_slug = ? AND outcome IN ('sending', 'unknown') AND reader_id IN (SELECT value FROM json_each(?))`,
          )
          .bind(answer, Date.now(), id, issue.slug, JSON.stringify(emails.map((email) => idOf.get(email)!)))
          .run();
      }
    };
    calling = true;
    // The provider's answer is the truth: it also settles a claim that a `send` meanwhile found stale.
    const outcome = await sendBulkMail(context.newsletter.bulk, mail, recipients, record);
    for (const refusal of outcome.refused) {
      logEvent("warn", "newsletter.refused", { slug: issue.slug, reason: refusal.reason });
    }
    return outcome;
  } catch (error) {
    // Calls the provider answered are recorded already; the open claims are those of the call that failed and after.
    const refusedByProvider = error instanceof ProviderUnavailableError && !(error instanceof ProviderNoAnswerError);
    const settle =
      !calling || refusedByProvider
        ? "DELETE FROM newsletter_deliveries"
        : "UPDATE newsletter_deliveries SET outcome = 'unknown'";
    await db
      .prepare(
        `${settle} WHERE issue_slug = ? AND outcome = 'sending' AND reader_id IN (SELECT value FROM json_each(?))`,
      )
      .bind(issue.slug, JSON.stringify(readers.map((reader) => reader.id)))
      .run()
      .catch(() => undefined);
    throw error;
  }
}

/**
 * The queue consumer: a message that is not a batch is acknowledged and logged; a failed batch is retried, and so
 * is every batch, after 600 s, while the newsletter's configuration is incomplete (it may be fixed meanwhile).
 */
export async function consumeSendBatches(
  newsletter: NewsletterConfig | null,
  content: ContentStore,
  batch: MessageBatch,
  key: CryptoKey,
) {
  if (!newsletter) {
    logEvent("error", "newsletter.not_configured", { messages: batch.messages.length });
    batch.retryAll({ delaySeconds: 600 });
    return;
  }
  for (const message of batch.messages) {
    const parsed = v.safeParse(SendBatchSchema, message.body);
    if (!parsed.success) {
      logEvent("error", "newsletter.bad_message", { id: message.id });
      message.ack();
      continue;
    }
    try {
      const { slug } = parsed.output;
      const { delivered, refused } = await deliverBatch({ newsletter, key, nowMs: Date.now() }, content, parsed.output);
      logEvent("info", "newsletter.batch", { slug, delivered: delivered.length, refused: refused.length });
      message.ack();
    } catch (error) {
      logEvent("warn", "newsletter.batch_failed", { attempt: message.attempts, reason: String(error) });
      message.retry({ delaySeconds: Math.min(60, 5 * message.attempts) });
    }
  }
}

/**
 * The dead-letter queue's consumer (rule 6.8): the readers of each dead batch still confirmed and with no outcome
 * are recorded as failed, so `status` shows the failures and `send SLUG` queues them again. Acknowledges every
 * message; a database error fails the whole batch, which the queue redelivers.
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
      logEvent("error", "newsletter.batch_dead", { slug: parsed.output.slug, failed: results.length });
    } else {
      logEvent("error", "newsletter.bad_message", { id: message.id });
    }
    message.ack();
  }
}

/**
 * Mails `issue` to `email` alone, as the operator's test: the provider's reason for refusing the address, or `null`
 * once it took the mail.
 * @throws ProviderUnavailableError when the provider cannot take mail now.
 */
export async function sendTestMail(
  context: ListContext,
  issue: NewsletterIssue,
  email: string,
): Promise<string | null> {
  const recipient = await toRecipient(context, email);
  const outcome = await sendBulkMail(context.newsletter.bulk, renderBulkIssue(context.newsletter, issue), [recipient]);
  return outcome.refused[0]?.reason ?? null;
}

/** How many readers of the send of `slug` are of unknown fate (their batch was cut off); throws the database's error. */
export async function countUnknownDeliveries(db: NewsletterConfig["db"], slug: string): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM newsletter_deliveries WHERE issue_slug = ? AND outcome = 'unknown'")
    .bind(slug)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The part of the mail provider's webhook body that the list acts on. */
export const ProviderEventSchema = v.object({
  signature: v.object({ timestamp: text(20), token: text(200), signature: text(200) }),
  "event-data": v.object({
    event: text(50),
    recipient: v.optional(text(320)),
    severity: v.optional(text(50)),
    message: v.optional(v.object({ headers: v.optional(v.object({ "message-id": v.optional(text(1000)) })) })),
  }),
});

export type ProviderEvent = v.InferOutput<typeof ProviderEventSchema>;

/** What a provider event does to its reader: bounced, complained or unsubscribed, or nothing (`null`). */
function readLeavingStatus(data: ProviderEvent["event-data"]): "bounced" | "complained" | "unsubscribed" | null {
  if (data.event === "failed" && data.severity === "permanent") return "bounced";
  return data.event === "complained" || data.event === "unsubscribed" ? data.event : null;
}

/**
 * Records a signed event's token and, in the same transaction, marks its reader as left: only when the token was
 * not seen before, and only the reader of the event's recipient (any spelling) whose delivery row holds the
 * event's message id, i.e. a reader that message of ours was sent to. `null` for a token seen before (a replay);
 * else whether a reader was marked. Throws the database's error, recording nothing.
 */
export async function applyProviderEvent(
  db: NewsletterConfig["db"],
  event: ProviderEvent,
  nowMs: number,
): Promise<boolean | null> {
  const { timestamp, token } = event.signature;
  const requestId = crypto.randomUUID();
  const expiresAt = Math.max(nowMs, Number(timestamp) * 1000) + WEBHOOK_SIGNATURE_LIFETIME_MS;
  const statements = [
    db
      .prepare(
        `INSERT INTO newsletter_event_tokens (token, expires_at, request_id) VALUES (?, ?, ?)
         ON CONFLICT (token) DO NOTHING RETURNING token`,
      )
      .bind(token, expiresAt, requestId),
  ];
  const data = event["event-data"];
  const status = readLeavingStatus(data);
  const recipient = v.safeParse(EmailAddressSchema, data.recipient ?? "");
  const messageId = readMessageId(data.message?.headers?.["message-id"]);
  if (status !== null && recipient.success && messageId !== null) {
    statements.push(
      db
        .prepare(
          `UPDATE newsletter_signups AS s SET status = ?
           WHERE s.email_key = ? AND s.status IN ('pending', 'confirmed')
             AND EXISTS (SELECT 1 FROM newsletter_deliveries AS d WHERE d.reader_id = s.id AND d.message_id = ?)
             AND EXISTS (SELECT 1 FROM newsletter_event_tokens AS t WHERE t.token = ? AND t.request_id = ?)
           RETURNING id`,
        )
        .bind(status, readEmailKey(recipient.output), messageId, token, requestId),
    );
  }
  const [recorded, marked] = await db.batch(statements);
  if (recorded!.results.length === 0) return null;
  return (marked?.results.length ?? 0) > 0;
}

/** The daily clean-up's part: forgets provider event tokens whose signature no longer verifies; returns how many. */
export async function deleteExpiredEventTokens(db: NewsletterConfig["db"], nowMs: number): Promise<number> {
  const result = await db.prepare("DELETE FROM newsletter_event_tokens WHERE expires_at < ?").bind(nowMs).run();
  return result.meta.changes;
}
