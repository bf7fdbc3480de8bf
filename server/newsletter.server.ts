/**
 * The newsletter's list (rule 6.8): double opt-in, confirmation and unsubscribe, kept in FORMS_DB's
 * `newsletter_signups`. Every mail carries a signed unsubscribe link and the RFC 8058 headers.
 */
import { type EmailAddress, readEmailKey } from "../core/email-address";
import { renderAlreadySubscribedMail, renderConfirmationMail } from "../core/newsletter-mail";
import {
  CONFIRMATION_RESEND_MS,
  type ConfirmOutcome,
  type ConfirmState,
  type UnsubscribeState,
  readConfirmToken,
  readUnsubscribeToken,
  signConfirmToken,
  signUnsubscribeToken,
} from "../core/newsletter-tokens";
import type { NewsletterConfig } from "./config.server";
import { readSigningKey } from "./signing-key.server";
import { readServerConfig } from "./env.server";

/** The origin of issue mails' links when SITE_URL is unset: `npm start`'s default address. */
export const LOCAL_SITE_URL = "http://localhost:8787";

/** The page of the unsubscribe link, which a mail client also posts to (RFC 8058). */
export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/** What the list's operations need besides the configuration; `nowMs` in ms since the epoch. */
export type ListContext = { newsletter: NewsletterConfig; key: CryptoKey; nowMs: number };

/** Logs one JSON line `{ level, event, ...fields }`; `info` goes to `console.log`. */
export function logEvent(level: "info" | "warn" | "error", event: string, fields: Record<string, unknown> = {}) {
  console[level === "info" ? "log" : level](JSON.stringify({ level, event, ...fields }));
}

/** The list's context for `newsletter` at `nowMs` (default: now), with the site's signing key. */
export async function readListContext(
  newsletter: NewsletterConfig,
  config: Parameters<typeof readSigningKey>[0],
  nowMs = Date.now(),
): Promise<ListContext> {
  return { newsletter, key: await readSigningKey(config), nowMs };
}

/**
 * The running request's list context, for the newsletter's pages; `null` unless forms are `d1` and mail is set up
 * (rule 6.8).
 */
export async function openList(): Promise<ListContext | null> {
  const config = readServerConfig();
  return config.newsletter && readListContext(config.newsletter, config);
}

/** The unsubscribe link of `email`, for the mail body and the `List-Unsubscribe` header. */
export async function buildUnsubscribeUrl(context: ListContext, siteUrl: string, email: string): Promise<string> {
  const token = await signUnsubscribeToken(context.key, email);
  return `${siteUrl}${UNSUBSCRIBE_PATH}?token=${token}`;
}

/**
 * Starts or repeats the opt-in of `email` and mails its confirmation link (through `waitUntil`): a new address, or
 * one that unsubscribed, becomes pending; a pending one is mailed again once an hour at most; a confirmed one is told
 * by mail, once an hour at most, that it is already subscribed. A bounced or complained address gets no mail of any
 * kind and stays as it is (rule 6.8): the caller answers as for any sign-up, so the form never tells. A failed mail clears the sent time, so signing up again sends it at once.
 * `siteUrl` is the links' origin without a trailing slash, `source` the page of the consent (`/newsletter`).
 *
 * @throws the database's error; the mail's error is logged, never thrown.
 */
export async function signUp(
  context: ListContext,
  input: { email: EmailAddress; source: string; siteUrl: string },
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<void> {
  const row = await context.newsletter.db
    .prepare(
      `INSERT INTO newsletter_signups (email, email_key, status, requested_at, consent_source, confirmation_sent_at)
       VALUES (?1, ?5, 'pending', ?2, ?3, ?2)
       ON CONFLICT (email_key) DO UPDATE SET
         email = CASE WHEN status = 'pending' THEN email ELSE ?1 END,
         requested_at = CASE WHEN status = 'pending' AND requested_at IS NOT NULL THEN requested_at ELSE ?2 END,
         consent_source = CASE WHEN status = 'pending' AND consent_source IS NOT NULL THEN consent_source ELSE ?3 END,
         status = 'pending', confirmed_at = NULL, confirmation_sent_at = ?2
       WHERE status = 'unsubscribed'
         OR (status = 'pending' AND (confirmation_sent_at IS NULL OR confirmation_sent_at <= ?2 - ?4))
       RETURNING email, requested_at`,
    )
    .bind(input.email, context.nowMs, input.source, CONFIRMATION_RESEND_MS, readEmailKey(input.email))
    .first<{ email: string; requested_at: number }>();
  if (row) {
    waitUntil(sendConfirmation(context, row.email, row.requested_at, input.siteUrl));
    return;
  }
  // A confirmed reader learns, by mail only, that there is nothing to confirm; at most once an hour, as the link.
  const confirmed = await context.newsletter.db
    .prepare(
      `UPDATE newsletter_signups SET confirmation_sent_at = ?2
       WHERE email_key = ?1 AND status = 'confirmed'
         AND (confirmation_sent_at IS NULL OR confirmation_sent_at <= ?2 - ?3)
       RETURNING email`,
    )
    .bind(readEmailKey(input.email), context.nowMs, CONFIRMATION_RESEND_MS)
    .first<{ email: string }>();
  if (confirmed) waitUntil(sendAlreadySubscribed(context, confirmed.email, input.siteUrl));
}

/** Sends one list mail to `email` from the list's sender, with its one-click unsubscribe headers (RFC 8058). */
async function sendListMail(
  context: ListContext,
  email: string,
  unsubscribeUrl: string,
  mail: { subject: string; html: string; text: string },
): Promise<void> {
  await context.newsletter.mail.send({
    ...mail,
    from: context.newsletter.from,
    to: email,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}

async function sendAlreadySubscribed(context: ListContext, email: string, siteUrl: string) {
  try {
    const unsubscribeUrl = await buildUnsubscribeUrl(context, siteUrl, email);
    await sendListMail(context, email, unsubscribeUrl, renderAlreadySubscribedMail({ email, unsubscribeUrl, siteUrl }));
  } catch (error) {
    logEvent("warn", "newsletter.already_subscribed_failed", { reason: String(error) });
  }
}

async function sendConfirmation(context: ListContext, email: string, requestedAtMs: number, siteUrl: string) {
  const { newsletter } = context;
  try {
    const token = await signConfirmToken(context.key, email, requestedAtMs, context.nowMs);
    const unsubscribeUrl = await buildUnsubscribeUrl(context, siteUrl, email);
    const confirmUrl = `${siteUrl}/newsletter/confirm?token=${token}`;
    await sendListMail(
      context,
      email,
      unsubscribeUrl,
      renderConfirmationMail({ email, confirmUrl, unsubscribeUrl, siteUrl }),
    );
  } catch (error) {
    logEvent("warn", "newsletter.confirmation_failed", { reason: String(error) });
    await newsletter.db
      .prepare("UPDATE newsletter_signups SET confirmation_sent_at = NULL WHERE email_key = ? AND status = 'pending'")
      .bind(readEmailKey(email))
      .run()
      .catch(() => undefined);
  }
}

/**
 * What a confirmation link names, read only: the pending address it may confirm, or why not; only the page's
 * button confirms, so a link scanner confirms no one (rule 6.8). Throws the database's error.
 */
export async function readConfirmState(context: ListContext, token: string | null): Promise<ConfirmState> {
  const link = await readConfirmToken(context.key, token);
  if (!link) return { outcome: "invalid" };
  const row = await context.newsletter.db
    .prepare("SELECT status, requested_at FROM newsletter_signups WHERE email_key = ?")
    .bind(readEmailKey(link.e))
    .first<{ status: string; requested_at: number | null }>();
  if (!row) return { outcome: "invalid" };
  // Unsubscribing clears the opt-in's time, so a left reader's link is told apart before the time is compared.
  if (row.status === "unsubscribed") return { outcome: "unsubscribed" };
  if (row.requested_at !== link.r) return { outcome: "expired" };
  if (row.status === "confirmed") return { outcome: "already-confirmed" };
  if (row.status !== "pending" || link.x < context.nowMs) return { outcome: "expired" };
  return { outcome: "pending", email: link.e, requestedAt: link.r };
}

/** Confirms the opt-in a link names, unless past its expiry or of an earlier opt-in; throws the database's error. */
export async function confirmSubscription(context: ListContext, token: string | null): Promise<ConfirmOutcome> {
  const state = await readConfirmState(context, token);
  if (state.outcome !== "pending") return state.outcome;
  const updated = await context.newsletter.db
    .prepare(
      `UPDATE newsletter_signups SET status = 'confirmed', confirmed_at = ?
       WHERE email_key = ? AND status = 'pending' AND requested_at = ?`,
    )
    .bind(context.nowMs, readEmailKey(state.email), state.requestedAt)
    .run();
  return updated.meta.changes === 1 ? "confirmed" : "already-confirmed";
}

/** Whether the unsubscribe page offers its button, shows it done, or refuses the link; throws the database's error. */
export async function readUnsubscribeState(context: ListContext, token: string | null): Promise<UnsubscribeState> {
  const email = await readUnsubscribeToken(context.key, token);
  if (!email) return "invalid";
  const row = await context.newsletter.db
    .prepare("SELECT status FROM newsletter_signups WHERE email_key = ?")
    .bind(readEmailKey(email))
    .first<{ status: string }>();
  return row?.status === "pending" || row?.status === "confirmed" ? "subscribed" : "unsubscribed";
}

/**
 * Unsubscribes the address a link names, idempotently (a trigger then clears all but the address and status, rule
 * 6.8); `false` for a link we did not sign. Throws the database's error.
 */
export async function unsubscribe(context: ListContext, token: string | null): Promise<boolean> {
  const email = await readUnsubscribeToken(context.key, token);
  if (!email) return false;
  await markReaderLeft(context.newsletter.db, email, "unsubscribed");
  return true;
}

/**
 * Marks the reader of `email` (any spelling) as left by their unsubscribe link; returns whether a reader still on
 * the list was marked. Throws the database's error.
 */
export async function markReaderLeft(
  db: NewsletterConfig["db"],
  email: string,
  status: "unsubscribed" | "bounced" | "complained",
): Promise<boolean> {
  const updated = await db
    .prepare("UPDATE newsletter_signups SET status = ? WHERE email_key = ? AND status IN ('pending', 'confirmed')")
    .bind(status, readEmailKey(email))
    .run();
  return updated.meta.changes > 0;
}

/** The daily clean-up's part: deletes pending sign-ups whose opt-in started before `cutoffMs`; returns how many. */
export async function deleteUnconfirmedSignups(db: NewsletterConfig["db"], cutoffMs: number): Promise<number> {
  const result = await db
    .prepare("DELETE FROM newsletter_signups WHERE status = 'pending' AND requested_at < ?")
    .bind(cutoffMs)
    .run();
  return result.meta.changes;
}
