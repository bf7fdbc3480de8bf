/**
 * The newsletter worker tests' shared moves: readers seeded as the list leaves them, the built worker's cron and
 * queue handlers called as the platform calls them, the operator's send endpoint, the mail provider stand-in's
 * record of what it took, and the line `npm run newsletter -- status` prints.
 */
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { inject } from "vitest";
import { readEmailKey } from "../../core/email-address";
import { SEND_CRON } from "../../core/newsletter-schedule";
import { signUnsubscribeToken } from "../../core/newsletter-tokens";
import { importSigningKey } from "../../core/signed-token";
import { type SendRow, buildStatusSql, formatNewsletterStatus } from "../../scripts/newsletter-cli";
import type { StandInMail } from "../../scripts/mail-provider-stand-in";
import { readFormsDb } from "./forms-db";
import { loadBuiltWorker, request, requestWithEnv } from "./helpers";

/** The key the worker signs newsletter links with in the tests. */
export const signingKey = importSigningKey((env as unknown as { ORDER_SIGNING_KEY: string }).ORDER_SIGNING_KEY);

/** `Authorization` for the operator's send endpoint. */
export const SEND_AUTHORIZATION = `Bearer ${(env as unknown as { NEWSLETTER_SEND_TOKEN: string }).NEWSLETTER_SEND_TOKEN}`;

/** Empties the list, the sends and the deliveries, so a test sees only its own readers. */
export async function clearNewsletter(): Promise<void> {
  const db = readFormsDb();
  await db.batch([
    db.prepare("DELETE FROM newsletter_deliveries"),
    db.prepare("DELETE FROM newsletter_sends"),
    db.prepare("DELETE FROM newsletter_signups"),
  ]);
}

/** A reader kept with `status`, as the sign-up and the links leave them (confirmed at ms 1); returns the id. */
export async function seedReader(
  email: string,
  status: "pending" | "confirmed" | "unsubscribed" | "bounced" | "complained" = "confirmed",
): Promise<number> {
  const left = status !== "pending" && status !== "confirmed";
  const row = await readFormsDb()
    .prepare(
      `INSERT INTO newsletter_signups (email, email_key, status, requested_at, consent_source, confirmed_at)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(
      email,
      readEmailKey(email),
      status,
      left ? null : 1,
      left ? null : "/newsletter",
      status === "confirmed" ? 1 : null,
    )
    .first<{ id: number }>();
  return row!.id;
}

/** Many confirmed readers in one statement; returns their ids in order. */
export async function seedReaders(emails: readonly string[]): Promise<number[]> {
  const db = readFormsDb();
  const ids: number[] = [];
  for (let start = 0; start < emails.length; start += 200) {
    const rows = emails.slice(start, start + 200).map((email) => [email, readEmailKey(email)]);
    const { results } = await db
      .prepare(
        `INSERT INTO newsletter_signups (email, email_key, status, requested_at, consent_source, confirmed_at)
         SELECT value ->> 0, value ->> 1, 'confirmed', 1, '/newsletter', 1 FROM json_each(?) RETURNING id`,
      )
      .bind(JSON.stringify(rows))
      .all<{ id: number }>();
    ids.push(...results.map((row) => row.id));
  }
  return ids;
}

/** The kept row of `email` (any spelling), or `null`. */
export function readReader(email: string) {
  return readFormsDb()
    .prepare("SELECT * FROM newsletter_signups WHERE email_key = ?")
    .bind(readEmailKey(email))
    .first<Record<string, unknown>>();
}

/** Runs the built worker's newsletter cron at `scheduledTime` (ms). */
export async function runCron(scheduledTime: number): Promise<void> {
  const ctx = createExecutionContext();
  await (await loadBuiltWorker()).scheduled(createScheduledController({ scheduledTime, cron: SEND_CRON }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** Hands one message to the built worker's `queue` as `queueName` delivers it, bindings replaced by `overrides`. */
export async function consume(queueName: string, body: unknown, overrides: Record<string, unknown> = {}, attempts = 1) {
  const batch = createMessageBatch(queueName, [{ id: "m1", timestamp: Date.now(), attempts, body }]);
  const ctx = createExecutionContext();
  await (await loadBuiltWorker()).queue(batch, { ...env, ...overrides } as unknown as Env, ctx);
  return getQueueResult(batch, ctx);
}

/** The operator's `POST /api/newsletter/send` with the token; `overrides` replace bindings. */
export function postSend(body: Record<string, unknown>, overrides?: Record<string, unknown>): Promise<Response> {
  const init = {
    method: "POST",
    headers: { "content-type": "application/json", authorization: SEND_AUTHORIZATION },
    body: JSON.stringify(body),
  };
  return overrides
    ? requestWithEnv("/api/newsletter/send", init, overrides as Partial<Env>)
    : request("/api/newsletter/send", init);
}

/** What the mail provider stand-in took for `to`, in order. */
export async function readProviderMails(to: string): Promise<StandInMail[]> {
  const url = new URL("/__mails", inject("mailProviderUrl"));
  url.searchParams.set("to", to);
  return (await fetch(url)).json();
}

/** The outcome of each reader of `slug` that has one, by address. */
export async function readOutcomes(slug: string): Promise<Record<string, string>> {
  const { results } = await readFormsDb()
    .prepare(
      `SELECT s.email, d.outcome FROM newsletter_deliveries AS d JOIN newsletter_signups AS s ON s.id = d.reader_id
       WHERE d.issue_slug = ?`,
    )
    .bind(slug)
    .all<{ email: string; outcome: string }>();
  return Object.fromEntries(results.map((row) => [row.email, row.outcome]));
}

/** The line `npm run newsletter -- status` prints at `nowMs` for the send of `slug`, from the same query. */
export async function readStatusLine(slug: string, nowMs = Date.now()): Promise<string> {
  const { results } = await readFormsDb().prepare(buildStatusSql(nowMs).split(";\n")[1]!).all<SendRow>();
  const text = formatNewsletterStatus([], results, [], nowMs);
  return text.split("\n").find((line) => line.startsWith(`  ${slug} `)) ?? text;
}

/** The unsubscribe link of `email`, as its mails carry it. */
export async function buildUnsubscribeLink(email: string): Promise<string> {
  return `/newsletter/unsubscribe?token=${await signUnsubscribeToken(await signingKey, email)}`;
}
