/** Newsletter links, signed (rule 6.8); `p` names the purpose, so no link or receipt (rule 5.8) passes for another. */
import * as v from "valibot";
import { EmailAddressSchema } from "./email-address.ts";
import { signToken, verifyToken } from "./signed-token.ts";

/** How long a confirmation link works, in days; the confirmation mail states it. */
export const CONFIRM_LINK_DAYS = 7;

export const CONFIRM_LINK_TTL_MS = CONFIRM_LINK_DAYS * 86_400_000;

/** The least time between two confirmation mails to one address, in ms: 1 hour. */
export const CONFIRMATION_RESEND_MS = 3_600_000;

/** Days a pending address that never confirmed is kept before the daily clean-up deletes it. */
export const PENDING_RETENTION_DAYS = 30;

/** `e`: the address; `r`: the start of the opt-in it confirms (ms); `x`: the link's expiry (ms). */
export const ConfirmTokenSchema = v.strictObject({
  p: v.literal("newsletter-confirm"),
  e: EmailAddressSchema,
  r: v.pipe(v.number(), v.integer()),
  x: v.pipe(v.number(), v.integer()),
});

/** `e`: the address. An unsubscribe link never expires: a reader may leave from any old mail. */
export const UnsubscribeTokenSchema = v.strictObject({
  p: v.literal("newsletter-unsubscribe"),
  e: EmailAddressSchema,
});

/** Signs the link of a confirmation mail sent at `sentAtMs` for the opt-in that started at `requestedAtMs`. */
export function signConfirmToken(
  key: CryptoKey,
  email: string,
  requestedAtMs: number,
  sentAtMs: number,
): Promise<string> {
  return signToken(key, { p: "newsletter-confirm", e: email, r: requestedAtMs, x: sentAtMs + CONFIRM_LINK_TTL_MS });
}

/** Signs the unsubscribe link's token of `email`. */
export function signUnsubscribeToken(key: CryptoKey, email: string): Promise<string> {
  return signToken(key, { p: "newsletter-unsubscribe", e: email });
}

/** The confirmation payload, expired or not, if we signed it; else `null`. */
export function readConfirmToken(
  key: CryptoKey,
  token: string | null,
): Promise<v.InferOutput<typeof ConfirmTokenSchema> | null> {
  return verifyToken(key, token, ConfirmTokenSchema);
}

/** The address of an unsubscribe token we signed, else `null`. */
export async function readUnsubscribeToken(key: CryptoKey, token: string | null): Promise<string | null> {
  return (await verifyToken(key, token, UnsubscribeTokenSchema))?.e ?? null;
}

/** What the confirmation page shows; `unsubscribed`: the reader has left since (rule 6.8). */
export type ConfirmOutcome = "confirmed" | "already-confirmed" | "unsubscribed" | "expired" | "invalid";

/** What opening a confirmation link shows: the pending address and its button, or why the link cannot confirm. */
export type ConfirmState =
  { outcome: "pending"; email: string; requestedAt: number } | { outcome: Exclude<ConfirmOutcome, "confirmed"> };

/** What the unsubscribe page shows: the one-button form, the done state, or a bad link. */
export type UnsubscribeState = "subscribed" | "unsubscribed" | "invalid";
