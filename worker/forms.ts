/**
 * Forms that deliver (docs/product-rules.md rules 6.6 and 6.7). With
 * `FORMS_MODE = "d1"` the contact form and every newsletter form reach the
 * worker, either as JSON from the hydrated page (`POST /api/contact`,
 * `POST /api/newsletter`) or, without JavaScript, as the form's own post to
 * its page, whose action hands the request here. Both paths run the same
 * checks in the same order and keep the submission in D1 (`FORMS_DB`):
 *
 * 1. the forms are in `d1` mode (else 404, like a closed feature);
 * 2. the post comes from our own pages (`Origin`, else `Sec-Fetch-Site`; 403);
 * 3. at most 5 a minute per client (`FORMS_RATE_LIMITER`, keyed by `readClientKey`: IPv4 address or IPv6 /64; 429);
 * 4. JSON for the endpoints, a URL-encoded form for page posts (415);
 * 5. at most `MAX_FORM_BODY_BYTES` (413; the rest of the body is drained by `drainRequestBodies()`);
 * 6. the shared valibot schema (400 naming the refused fields, never echoing their values);
 * 7. one row in D1: a contact message with its time, or a sign-up that is a
 *    success again for an address already on the list (no second row);
 *    a database failure is a 503.
 *
 * A stored contact message is also e-mailed to the owner when the
 * `FORMS_NOTICE` binding and both notice addresses are configured; a failed
 * copy is logged and never fails the visitor's submission. The daily Cron
 * Trigger calls `deleteExpiredMessages` (rule 6.7).
 */
import { type Context, Hono } from "hono";
import type { EmailAddress } from "../core/email-address";
import { FORM_ENDPOINTS, type FormKind, type FormPageAnswer, MAX_FORM_BODY_BYTES } from "../core/form-contract";
import {
  type ContactForm,
  FORM_MESSAGES,
  type FormValidation,
  type NewsletterSignup,
  validateContactForm,
  validateNewsletterSignup,
} from "../core/forms";
import { escapeHiddenCharacters, quoteVisitorText } from "../core/visible-text";
import { readClientKey } from "./client-key";
import type { Config, FormsDatabase } from "./config";
import { readRequestText } from "./request-body";
import { setCachePolicy } from "./response-policy";
import type { WorkerEnv } from "./types";

/** Seconds a rate-limited visitor is asked to wait (the limiter's period). */
export const FORMS_RETRY_AFTER_S = 60;

/** One day in ms. */
const DAY_MS = 86_400_000;

/** Why a submission was not stored: the HTTP status, a code and a message that names no personal data. */
export interface FormRefusal {
  status: 400 | 403 | 404 | 413 | 415 | 429 | 503;
  error: string;
  message: string;
  /** The refused fields' names (400 only). */
  fields?: string[];
  /** The validation toast the hydrated form would have shown (400 only, rules 6.1, 6.2). */
  toast?: { title: string; description: string };
}

/** What `submitForm` did: stored, or refused with the reason. */
export type FormSubmission = { stored: true } | { stored: false; refusal: FormRefusal };

/** How the body arrives: JSON from the hydrated page, or a script-less form post. */
export type FormBodyFormat = "json" | "form";

const CONTENT_TYPES: Record<FormBodyFormat, RegExp> = {
  json: /^application\/json\s*(?:;|$)/i,
  form: /^application\/x-www-form-urlencoded\s*(?:;|$)/i,
};

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

function refuse(
  status: FormRefusal["status"],
  error: string,
  message: string,
  extra: Pick<FormRefusal, "fields" | "toast"> = {},
): FormSubmission {
  return { stored: false, refusal: { status, error, message, ...extra } };
}

/**
 * Whether a post comes from one of our own pages: its `Origin` is ours, or,
 * when a browser sends none, `Sec-Fetch-Site` says `same-origin`. A request
 * with neither (a script or a tool) is refused (OWASP's CSRF guidance:
 * verify the origin with standard headers).
 */
export function isSameOriginPost(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === new URL(request.url).origin;
  return request.headers.get("sec-fetch-site") === "same-origin";
}

/** Parses a body of the given format into an object, or `null` when it does not parse. */
function parseBody(text: string, format: FormBodyFormat): Record<string, unknown> | null {
  if (format === "form") return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
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
 * Runs one submission through every check and stores it.
 *
 * @param kind which form.
 * @param request the incoming request; its body is read up to `MAX_FORM_BODY_BYTES`.
 * @param format `json` for the endpoints, `form` for a page's script-less post.
 * @returns `{ stored: true }`, or the refusal with its HTTP status. Never throws.
 */
export async function submitForm(
  kind: FormKind,
  request: Request,
  format: FormBodyFormat,
  context: FormContext,
): Promise<FormSubmission> {
  const { config } = context;
  if (config.forms.mode !== "d1") return refuse(404, "not_found", "This feature is not available.");
  if (!isSameOriginPost(request)) return refuse(403, "forbidden", "Forms are only accepted from this site's pages.");
  const limiter = config.bindings.formsLimiter;
  if (limiter) {
    const { success } = await limiter.limit({ key: readClientKey(request) });
    if (!success) return refuse(429, "rate_limited", "Too many submissions. Please wait a minute and try again.");
  }
  if (!CONTENT_TYPES[format].test(request.headers.get("content-type") ?? "")) {
    const type = format === "json" ? "application/json" : "application/x-www-form-urlencoded";
    return refuse(415, "unsupported_media_type", `Send the form as ${type}.`);
  }
  const text = await readRequestText(request, MAX_FORM_BODY_BYTES);
  if (text === null) {
    return refuse(413, "payload_too_large", `The form is larger than ${MAX_FORM_BODY_BYTES} bytes.`);
  }
  const body = parseBody(text, format);
  if (body === null) return refuse(400, "invalid_json", "The form is not valid JSON.");
  const parsed = VALIDATORS[kind](body);
  if (!parsed.ok) {
    const fields = Object.keys(parsed.fieldErrors);
    return refuse(400, "invalid_form", "Some fields are missing or not valid.", { fields, toast: parsed.toast });
  }
  const db = config.bindings.formsDb;
  try {
    if (!db) throw new Error("FORMS_DB is not bound");
    if (kind === "contact") await storeContactMessage(db, parsed.data as ContactForm, context.nowMs);
    else await storeSignup(db, parsed.data as NewsletterSignup, context.nowMs);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "forms.store_failed", form: kind, reason: String(error) }));
    return refuse(503, "unavailable", "The form could not be saved. Please try again later.");
  }
  if (kind === "contact") context.waitUntil(sendOwnerNotice(config, parsed.data as ContactForm));
  return { stored: true };
}

/**
 * What a page shows after a script-less post (rule 6.6): the status and the
 * texts the hydrated form shows as toasts, letter for letter (rules 6.1, 6.2).
 */
export function buildPageAnswer(kind: FormKind, submission: FormSubmission): FormPageAnswer {
  const success = kind === "contact" ? FORM_MESSAGES.messageSent : FORM_MESSAGES.subscribed;
  const failure = kind === "contact" ? FORM_MESSAGES.contactFailed : FORM_MESSAGES.newsletterFailed;
  if (submission.stored) return { status: 200, outcome: "stored", ...success };
  const { status, toast } = submission.refusal;
  if (status === 400) return { status, outcome: "invalid", ...(toast ?? FORM_MESSAGES.invalidEmail) };
  return { status, outcome: status === 503 ? "unavailable" : "refused", ...failure };
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

/** The JSON endpoints, mounted on the worker app. */
export function formsRoutes(): Hono<WorkerEnv> {
  const routes = new Hono<WorkerEnv>();
  for (const kind of ["contact", "newsletter"] as const) {
    routes.post(FORM_ENDPOINTS[kind], async (c) => {
      const submission = await submitForm(kind, c.req.raw, "json", readFormContext(c));
      setCachePolicy(c, "no-store");
      if (submission.stored) return c.json({ ok: true });
      const { status, toast: _toast, ...answer } = submission.refusal;
      if (status === 429) c.header("Retry-After", String(FORMS_RETRY_AFTER_S));
      return c.json({ ok: false, ...answer }, status);
    });
    routes.all(FORM_ENDPOINTS[kind], (c) => {
      c.header("Allow", "POST");
      setCachePolicy(c, "no-store");
      return c.json({ ok: false, error: "method_not_allowed", message: "Use POST." }, 405);
    });
  }
  return routes;
}

/** The submission context of a Hono request. */
export function readFormContext(c: Context<WorkerEnv>): FormContext {
  return {
    config: c.var.config,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
    nowMs: Date.now(),
  };
}
