/**
 * The newsletter's bulk mail provider (decision 016): Mailgun's `POST /v3/{domain}/messages` and webhook signature,
 * which `scripts/mail-provider-stand-in.ts` speaks locally and in the tests.
 */
import { timingSafeEqual } from "hono/utils/buffer";
import type { RenderedMail } from "../core/newsletter-mail";

/** Where and how the worker reaches the provider (from `wrangler.toml` and secrets, rule 6.8). */
export interface BulkMailConfig {
  /** The API's origin, e.g. `https://api.mailgun.net` (or the EU region's). */
  apiUrl: string;
  /** The sending domain set up at the provider; NEWSLETTER_FROM is an address on it. */
  domain: string;
  apiKey: string;
  webhookSigningKey: string;
}

/** One recipient; `%recipient.NAME%` in a body or header is replaced by its variable NAME. */
export interface BulkRecipient {
  email: string;
  variables: { unsubscribe_url: string };
}

/** The recipient variable that carries each reader's own unsubscribe link. */
export const RECIPIENT_UNSUBSCRIBE_URL = "%recipient.unsubscribe_url%";

/** Per-recipient outcome: accepted for delivery, or refused with the provider's reason. */
export interface BulkOutcome {
  delivered: string[];
  refused: Array<{ email: string; reason: string }>;
}

/** One call's outcome, with the id the provider gave the accepted message (`null` when refused or not given). */
export type BulkStep = BulkOutcome & { messageId: string | null };

/** The provider could not take the batch now (network, 401, 429, 5xx): the queue retries it whole. */
export class ProviderUnavailableError extends Error {}

/**
 * The call went out and no answer came back (network cut, 30 s timeout): the provider may have taken the mail, so
 * its recipients' fate is unknown (decision 016).
 */
export class ProviderNoAnswerError extends ProviderUnavailableError {}

/**
 * A message id as the provider's events name it: without the angle brackets its send answer puts around it
 * (`<id@domain>` in `{ id }`, `id@domain` in an event's `message.headers["message-id"]`).
 */
export function readMessageId(id: unknown): string | null {
  if (typeof id !== "string") return null;
  const bare = id.trim().replace(/^<(.*)>$/, "$1");
  return bare === "" || bare.length > 998 ? null : bare;
}

/**
 * One call: 2xx accepted (with its message id), 400 refused (with the provider's message), else
 * `ProviderUnavailableError`.
 */
async function postMessages(
  config: BulkMailConfig,
  mail: RenderedMail & { from: string; tag: string },
  recipients: readonly BulkRecipient[],
): Promise<{ accepted: true; messageId: string | null } | { accepted: false; reason: string }> {
  const form = new FormData();
  form.set("from", mail.from);
  for (const recipient of recipients) form.append("to", recipient.email);
  form.set("subject", mail.subject);
  form.set("text", mail.text);
  form.set("html", mail.html);
  form.set("o:tag", mail.tag);
  form.set("h:List-Unsubscribe", `<${RECIPIENT_UNSUBSCRIBE_URL}>`);
  form.set("h:List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
  form.set("recipient-variables", JSON.stringify(Object.fromEntries(recipients.map((r) => [r.email, r.variables]))));
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/v3/${encodeURIComponent(config.domain)}/messages`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`api:${config.apiKey}`)}` },
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new ProviderNoAnswerError(`the mail provider did not answer: ${String(error)}`);
  }
  const body = await response.text();
  const start = body.slice(0, 200);
  if (response.ok) {
    try {
      return { accepted: true, messageId: readMessageId((JSON.parse(body) as { id?: unknown }).id) };
    } catch {
      return { accepted: true, messageId: null };
    }
  }
  if (response.status !== 400) {
    throw new ProviderUnavailableError(`the mail provider answered ${response.status}: ${start}`);
  }
  try {
    return { accepted: false, reason: String((JSON.parse(body) as { message?: unknown }).message ?? start) };
  } catch {
    return { accepted: false, reason: start };
  }
}

/**
 * Mails `mail` to `recipients` (at most 1,000, the provider's limit) in one call. One bad address refuses the whole
 * call (400), so a refused batch is halved until each refused address stands alone. `record` gets each call's
 * outcome at once, with the accepted message's id, so what was accepted is kept even if a later call is cut off.
 *
 * @throws ProviderUnavailableError when the provider answered that it cannot take the mail now, or its subclass
 *   ProviderNoAnswerError when no answer came (the call may have been taken); the calls before it were recorded.
 */
export async function sendBulkMail(
  config: BulkMailConfig,
  mail: RenderedMail & { from: string; tag: string },
  recipients: readonly BulkRecipient[],
  record: (step: BulkStep) => Promise<void> = async () => {},
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { delivered: [], refused: [] };
  const pending: Array<readonly BulkRecipient[]> = recipients.length > 0 ? [recipients] : [];
  while (pending.length > 0) {
    const part = pending.pop()!;
    const answer = await postMessages(config, mail, part);
    if (!answer.accepted && part.length > 1) {
      const middle = Math.ceil(part.length / 2);
      pending.push(part.slice(middle), part.slice(0, middle));
      continue;
    }
    const step: BulkStep = answer.accepted
      ? { delivered: part.map((recipient) => recipient.email), refused: [], messageId: answer.messageId }
      : { delivered: [], refused: [{ email: part[0]!.email, reason: answer.reason }], messageId: null };
    await record(step);
    outcome.delivered.push(...step.delivered);
    outcome.refused.push(...step.refused);
  }
  return outcome;
}

/** The hex HMAC-SHA256 of `timestamp + token` under the signing key: the provider's webhook signature. */
export async function signWebhook(signingKey: string, timestamp: string, token: string): Promise<string> {
  const encode = (text: string) => new TextEncoder().encode(text);
  const hmac = { name: "HMAC", hash: "SHA-256" };
  const key = await crypto.subtle.importKey("raw", encode(signingKey), hmac, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encode(timestamp + token));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** How long a webhook's signature is taken after (or before) its timestamp, in ms; a seen token is kept as long. */
export const WEBHOOK_SIGNATURE_LIFETIME_MS = 15 * 60_000;

/**
 * Whether a webhook's `signature` was made with `signingKey` within 15 minutes of `nowMs`; in constant time. The
 * provider signs only `timestamp + token`, never the event, so the caller also refuses a token seen before and
 * binds the event to a message it sent (rule 6.8).
 */
export async function verifyWebhook(
  signingKey: string,
  signature: { timestamp: string; token: string; signature: string },
  nowMs: number,
): Promise<boolean> {
  const seconds = Number(signature.timestamp);
  if (!Number.isFinite(seconds) || Math.abs(nowMs - seconds * 1000) > WEBHOOK_SIGNATURE_LIFETIME_MS) return false;
  const expected = await signWebhook(signingKey, signature.timestamp, signature.token);
  return timingSafeEqual(expected, signature.signature.toLowerCase());
}
