/**
 * Signed tokens (rule 5.8): a JSON payload and its HMAC-SHA-256 signature
 * (RFC 2104, through Web Crypto), both base64url without padding (RFC 4648
 * §5), joined by a dot: `<payload>.<signature>`. The worker signs what it
 * vouches for (an order receipt, a sandbox checkout session); whoever holds
 * the key checks the signature before trusting a single field. Pure module:
 * Web Crypto only, so it runs in workerd, browsers and Node alike.
 */
import * as v from "valibot";

/** Longest token accepted, in characters (16 KiB); longer ones are refused unread. */
export const MAX_TOKEN_LENGTH = 16 * 1024;

const HMAC = { name: "HMAC", hash: "SHA-256" } as const;

function encodeBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * An HMAC-SHA-256 key from a secret text.
 *
 * @param secret at least 32 characters (the caller validates it).
 */
export function importSigningKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), HMAC, false, ["sign", "verify"]);
}

/** A fresh random HMAC-SHA-256 key (256 bits), for local runs without a configured secret. */
export function generateSigningKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ ...HMAC, length: 256 }, false, ["sign", "verify"]) as Promise<CryptoKey>;
}

/**
 * Signs a JSON-serialisable payload.
 *
 * @returns `<base64url JSON>.<base64url HMAC-SHA-256 of that first part>`.
 */
export async function signToken(key: CryptoKey, payload: unknown): Promise<string> {
  const body = encodeBase64Url(new TextEncoder().encode(JSON.stringify(payload)));
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
  return `${body}.${encodeBase64Url(new Uint8Array(signature))}`;
}

/**
 * Checks a token's signature, then its payload against `schema`.
 *
 * @returns the parsed payload, or `null` when the token is missing, too long,
 *   malformed, signed with another key, altered, or its payload fails the
 *   schema. Never throws.
 */
export async function verifyToken<TSchema extends v.GenericSchema>(
  key: CryptoKey,
  token: string | null | undefined,
  schema: TSchema,
): Promise<v.InferOutput<TSchema> | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const [body, signatureText, extra] = token.split(".");
  if (!body || !signatureText || extra !== undefined) return null;
  const signature = decodeBase64Url(signatureText);
  const payloadBytes = decodeBase64Url(body);
  if (!signature || !payloadBytes) return null;
  // Only the one canonical spelling of each part: no second token for the same bytes.
  if (encodeBase64Url(signature) !== signatureText || encodeBase64Url(payloadBytes) !== body) return null;
  try {
    // crypto.subtle.verify compares in constant time.
    if (!(await crypto.subtle.verify("HMAC", key, signature, new TextEncoder().encode(body)))) return null;
    const parsed = v.safeParse(schema, JSON.parse(new TextDecoder().decode(payloadBytes)));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
