/**
 * Forms that deliver (docs/product-rules.md rules 6.6 and 6.7). With
 * `FORMS_MODE = "d1"` the contact form and every newsletter form post to
 * their page (`/contact`, `/newsletter`), from the hydrated page's fetcher
 * or as a script-less post; the page's action hands the request here, and
 * every post runs the same checks in this order before it is kept in D1
 * (`FORMS_DB`). A post from another site's page never gets here: the
 * worker's `csrf` middleware refuses it first (403).
 *
 * 1. the forms are in `d1` mode (else 404, like a closed feature);
 * 2. at most 5 a minute per client (`FORMS_RATE_LIMITER`, keyed by `readClientKey`: IPv4 address or IPv6 /64; 429);
 * 3. a URL-encoded form (415);
 * 4. at most `MAX_FORM_BODY_BYTES` (413; the rest of the body is drained by `drainRequestBodies()`);
 * 5. the shared valibot schema (400, never echoing a value);
 * 6. one row in D1: a contact message with its time, or a sign-up that is a
 *    success again for an address already on the list (no second row);
 *    a database failure is a 503.
 *
 * A stored contact message is also e-mailed to the owner when the
 * `FORMS_NOTICE` binding and both notice addresses are configured; a failed
 * copy is logged and never fails the visitor's submission. The daily Cron
 * Trigger calls `deleteExpiredMessages` (rule 6.7).
 */
import type { Context } from "hono";
import type { EmailAddress } from "../core/email-address";
import { type FormKind, type FormPageAnswer, MAX_FORM_BODY_BYTES } from "../core/form-contract";
import { answerForm } from "../core/form-messages";
import {
  type ContactForm,
  type FormValidation,
  type NewsletterSignup,
  validateContactForm,
  validateNewsletterSignup,
} from "../core/forms";
import { escapeHiddenCharacters, quoteVisitorText } from "../core/visible-text";
import { readClientKey } from "./client-key";
import type { Config, FormsDatabase } from "./config";
import { readRequestText } from "./request-body";
import type { WorkerEnv } from "./types";

/** One day in ms. */
const DAY_MS = 86_400_000;

/** Why a submission was not stored: the HTTP status (the order of the checks is in the module's docstring). */
export interface FormRefusal {
  status: 400 | 403 | 404 | 413 | 415 | 429 | 503;
  /** The validation toast the hydrated form would have shown (400 only, rules 6.1, 6.2). */
  toast?: { title: string; description: string };
}

/** What `submitForm` did: stored, or refused with the reason. */
export type FormSubmission = { stored: true } | { stored: false; refusal: FormRefusal };

const URL_ENCODED = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

const VALIDATORS: Record<FormKind, (input: Record<string, unknown>) => FormValidation<ContactForm | NewsletterSignup>> =
  { contact: validateContactForm, newsletter: validateNewsletterSignup };

/** What a submission needs from the request's surroundings. */
export interface FormContext {
  config: Config;
  /** Keeps the owner's copy running after the answer (`ctx.waitUntil`). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** The time of the submission, in ms since the epoch. */
  nowMs: number;
}

function refuse(status: FormRefusal["status"], toast?: FormRefusal["toast"]): FormSubmission {
  return { stored: false, refusal: { status, toast } };
}

/** Keeps a contact message; resolves once D1 has the row. */
async function storeContactMessage(db: FormsDatabase, message: ContactForm, nowMs: number): Promise<void> {
  await db
    .prepare("INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(message.name, message.email, message.subject, message.message, nowMs)
    .run();
}

/** Keeps a sign-up; an address already on the list (any spelling `EmailAddressSchema` folds alike) keeps its first row. */
async function storeSignup(db: FormsDatabase, signup: NewsletterSignup, nowMs: number): Promise<void> {
  await db
    .prepare("INSERT INTO newsletter_signups (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING")
    .bind(signup.email, nowMs)
    .run();
}

/** Header-safe text: line breaks and other controls become spaces (no header injection through the subject). */
function toHeaderText(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").slice(0, 200);
}

/** The owner's copy of a contact message, as handed to the `send_email` binding. */
export interface OwnerNotice {
  from: string;
  to: string;
  /** The visitor's address, only ever the parsed `EmailAddress` (no display name, list or control character). */
  replyTo: EmailAddress;
  subject: string;
  text: string;
}

/**
 * Writes the owner's copy of a parsed contact message. The body opens with
 * a fixed line; the name and subject are quoted with `quoteVisitorText`, and
 * every line of the message starts with `> `, so nothing the visitor typed
 * can pass for a `From:` or `Subject:` line of the notice.
 *
 * @param addresses the configured sender and owner addresses.
 * @param message a message `ContactFormSchema` has parsed.
 */
export function buildOwnerNotice(addresses: { from: string; to: string }, message: ContactForm): OwnerNotice {
  const quotedLines = message.message
    .split(/\r\n|[\r\n\u2028\u2029\u0085]/)
    .map((line) => `> ${escapeHiddenCharacters(line)}`);
  const text = [
    "A visitor sent this message through the contact form. Their fields are quoted below.",
    "",
    `Name: ${quoteVisitorText(message.name)}`,
    `E-mail: ${message.email}`,
    `Subject: ${message.subject === "" ? "(none)" : quoteVisitorText(message.subject)}`,
    "",
    "Message:",
    ...quotedLines,
    "",
  ].join("\n");
  return {
    from: addresses.from,
    to: addresses.to,
    replyTo: message.email,
    subject: toHeaderText(`Contact form: ${message.subject || "(no subject)"}`),
    text,
  };
}

/** Sends the owner's copy of a contact message, when configured; a failure is logged, never thrown. */
async function sendOwnerNotice(config: Config, message: ContactForm): Promise<void> {
  const notice = config.forms.notice;
  const sender = config.bindings.formsNotice;
  if (!notice || !sender) return;
  try {
    await sender.send(buildOwnerNotice(notice, message));
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", event: "forms.notice_failed", reason: String(error) }));
  }
}

/**
 * Runs one post of a form through every check and stores it.
 *
 * @param kind which form.
 * @param request the post to the form's page; its body is read up to `MAX_FORM_BODY_BYTES`.
 * @returns `{ stored: true }`, or the refusal with its HTTP status. Never throws.
 */
export async function submitForm(kind: FormKind, request: Request, context: FormContext): Promise<FormSubmission> {
  const { config } = context;
  if (config.forms.mode !== "d1") return refuse(404);
  const limiter = config.bindings.formsLimiter;
  if (limiter) {
    const { success } = await limiter.limit({ key: readClientKey(request) });
    if (!success) return refuse(429);
  }
  if (!URL_ENCODED.test(request.headers.get("content-type") ?? "")) return refuse(415);
  const text = await readRequestText(request, MAX_FORM_BODY_BYTES);
  if (text === null) return refuse(413);
  const parsed = VALIDATORS[kind](Object.fromEntries(new URLSearchParams(text)));
  if (!parsed.ok) return refuse(400, parsed.toast);
  const db = config.bindings.formsDb;
  try {
    if (!db) throw new Error("FORMS_DB is not bound");
    if (kind === "contact") await storeContactMessage(db, parsed.data as ContactForm, context.nowMs);
    else await storeSignup(db, parsed.data as NewsletterSignup, context.nowMs);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "forms.store_failed", form: kind, reason: String(error) }));
    return refuse(503);
  }
  if (kind === "contact") context.waitUntil(sendOwnerNotice(config, parsed.data as ContactForm));
  return { stored: true };
}

/** What the form's page shows for a submission (rule 6.6): the toast's words and the status, letter for letter. */
export function buildPageAnswer(kind: FormKind, submission: FormSubmission): FormPageAnswer {
  if (submission.stored) return answerForm(kind, 200);
  return answerForm(kind, submission.refusal.status, submission.refusal.toast);
}

/**
 * Deletes contact messages older than the retention period (rule 6.7).
 *
 * @param retentionDays days a message is kept.
 * @param nowMs the clean-up's time, in ms since the epoch.
 * @returns how many messages were deleted.
 * @throws the database's error (the scheduled run then shows as failed).
 */
export async function deleteExpiredMessages(db: FormsDatabase, retentionDays: number, nowMs: number): Promise<number> {
  const result = await db
    .prepare("DELETE FROM contact_messages WHERE created_at < ?")
    .bind(nowMs - retentionDays * DAY_MS)
    .run();
  return result.meta.changes;
}

/** The submission context of a Hono request. */
export function readFormContext(c: Context<WorkerEnv>): FormContext {
  return {
    config: c.var.config,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
    nowMs: Date.now(),
  };
}
