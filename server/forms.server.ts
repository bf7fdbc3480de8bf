/**
 * Forms that deliver (rules 6.6, 6.7): a form page's action hands its post here to be checked and kept in D1.
 * The owner's e-mailed copy is best effort: its failure never fails the visitor's submission.
 */
import { waitUntil } from "cloudflare:workers";
import { type EmailAddress, readEmailKey } from "../core/email-address";
import { type FormKind, type FormPageAnswer, MAX_FORM_BODY_BYTES } from "../core/form-contract";
import { FORM_MESSAGES, answerForm } from "../core/form-messages";
import { CONFIRMATION_RESEND_MS } from "../core/newsletter-tokens";
import {
  type ContactForm,
  type FormValidation,
  type NewsletterSignup,
  validateContactForm,
  validateNewsletterSignup,
} from "../core/forms";
import { escapeHiddenCharacters, quoteVisitorText } from "../core/visible-text";
import { fitsRateLimit } from "./client-key.server";
import type { Config } from "./config.server";
import { readRequestText } from "./body-text.server";
import { readListContext, signUp } from "./newsletter.server";
import { readServerConfig } from "./env.server";

const DAY_MS = 86_400_000;

export interface FormRefusal {
  status: 400 | 404 | 413 | 415 | 429 | 503;
  /** The validation toast the hydrated form would have shown (400 only). */
  toast?: { title: string; description: string };
}

/** `nextLinkAt`: a held "send the link again", with when the next link can go (ms). */
export type FormSubmission = { stored: true; nextLinkAt?: number } | { stored: false; refusal: FormRefusal };

const URL_ENCODED = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

const VALIDATORS: Record<FormKind, (input: Record<string, unknown>) => FormValidation<ContactForm | NewsletterSignup>> =
  { contact: validateContactForm, newsletter: validateNewsletterSignup };

export interface FormContext {
  config: Config;
  /** Keeps the owner's copy running after the answer. */
  waitUntil: (promise: Promise<unknown>) => void;
  /** In ms since the epoch. */
  nowMs: number;
}

function refuse(status: FormRefusal["status"], toast?: FormRefusal["toast"]): FormSubmission {
  return { stored: false, refusal: { status, toast } };
}

async function storeContactMessage(db: D1Database, message: ContactForm, nowMs: number): Promise<void> {
  await db
    .prepare(
      "INSERT INTO contact_messages (name, email, email_key, subject, message, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(message.name, message.email, readEmailKey(message.email), message.subject, message.message, nowMs)
    .run();
}

/** Starts the double opt-in; an address already on the list sees success too, so the form reveals no member. */
async function storeSignup(context: FormContext, request: Request, signup: NewsletterSignup): Promise<void> {
  const newsletter = context.config.newsletter;
  if (!newsletter) throw new Error("the newsletter's bindings are not configured");
  const url = new URL(request.url);
  const list = await readListContext(newsletter, context.config, context.nowMs);
  await signUp(
    list,
    { email: signup.email, source: url.pathname.replace(/\.data$/, ""), siteUrl: newsletter.siteUrl ?? url.origin },
    context.waitUntil,
  );
}

/** Controls become spaces: no header injection through the subject. */
function toHeaderText(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").slice(0, 200);
}

export interface OwnerNotice {
  from: string;
  to: string;
  /** Only ever the parsed address: no display name, list or control character can reach the header. */
  replyTo: EmailAddress;
  subject: string;
  text: string;
}

/** The owner's copy of a parsed message; fields are quoted so nothing typed can pass for a line of the notice. */
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

/** Checks and stores one post; a refusal carries its HTTP status. Throws only if reading the body does. */
export async function submitForm(kind: FormKind, request: Request, context: FormContext): Promise<FormSubmission> {
  const { config } = context;
  if (config.forms.mode !== "d1") return refuse(404);
  if (!(await fitsRateLimit(config.bindings.formsLimiter, request))) return refuse(429);
  if (!URL_ENCODED.test(request.headers.get("content-type") ?? "")) return refuse(415);
  const text = await readRequestText(request, MAX_FORM_BODY_BYTES);
  if (text === null) return refuse(413);
  const parsed = VALIDATORS[kind](Object.fromEntries(new URLSearchParams(text)));
  if (!parsed.ok) return refuse(400, parsed.toast);
  const heldUntil = kind === "newsletter" ? readResendHold(parsed.data as NewsletterSignup, context.nowMs) : null;
  if (heldUntil !== null) return { stored: true, nextLinkAt: heldUntil };
  const db = config.bindings.formsDb;
  try {
    if (!db) throw new Error("FORMS_DB is not bound");
    if (kind === "contact") await storeContactMessage(db, parsed.data as ContactForm, context.nowMs);
    else await storeSignup(context, request, parsed.data as NewsletterSignup);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "forms.store_failed", form: kind, reason: String(error) }));
    return refuse(503);
  }
  if (kind === "contact") context.waitUntil(sendOwnerNotice(config, parsed.data as ContactForm));
  return { stored: true };
}

/**
 * When a "send the link again" inside the hour after the visitor's page last had a link sent may ask again (ms), else
 * `null` (rule 6.8). It reads only the visitor's own stamp, never the list, so the answer tells nothing of the address;
 * a stamp from the future counts as now.
 */
function readResendHold(signup: NewsletterSignup, nowMs: number): number | null {
  if (signup.last_sent_at === undefined) return null;
  const nextLinkAt = Math.min(signup.last_sent_at, nowMs) + CONFIRMATION_RESEND_MS;
  return nowMs < nextLinkAt ? nextLinkAt : null;
}

/** Rule 6.6; a held "send the link again" says when the next link can go (rule 6.8). */
export function buildPageAnswer(kind: FormKind, submission: FormSubmission): FormPageAnswer {
  if (submission.stored && submission.nextLinkAt !== undefined) {
    return { status: 200, outcome: "stored", ...FORM_MESSAGES.linkHeld, nextLinkAt: submission.nextLinkAt };
  }
  if (submission.stored) return answerForm(kind, 200);
  return answerForm(kind, submission.refusal.status, submission.refusal.toast);
}

/** Rule 6.7; returns how many were deleted and throws the database's error, so the scheduled run shows as failed. */
export async function deleteExpiredMessages(db: D1Database, retentionDays: number, nowMs: number): Promise<number> {
  const result = await db
    .prepare("DELETE FROM contact_messages WHERE created_at < ?")
    .bind(nowMs - retentionDays * DAY_MS)
    .run();
  return result.meta.changes;
}

/** The running request's form context: its configuration, its `waitUntil` and now. */
export function readFormContext(): FormContext {
  return { config: readServerConfig(), waitUntil, nowMs: Date.now() };
}

/**
 * Checks and keeps a form post of `kind` (`d1` mode, rule 6.6) for the form pages' action, and says what the page
 * shows; the body is read here, never by the page. Throws the database's error.
 */
export async function submitFormPost(kind: FormKind, request: Request): Promise<FormPageAnswer> {
  return buildPageAnswer(kind, await submitForm(kind, request, readFormContext()));
}
