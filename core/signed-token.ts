/** Signed tokens (rule 5.8): `<base64url JSON>.<base64url HMAC-SHA-256>`, unpadded; Web Crypto only. */
import * as v from "valibot";

/** Longest token accepted, in characters; longer ones are refused unread. */
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

/** @param secret at least 32 characters (the caller validates it). */
export function importSigningKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), HMAC, false, ["sign", "verify"]);
}

/** A random key, for local runs without a configured secret. */
export function generateSigningKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ ...HMAC, length: 256 }, false, ["sign", "verify"]) as Promise<CryptoKey>;
}

export async function signToken(key: CryptoKey, payload: unknown): Promise<string> {
  const body = encodeBase64Url(new TextEncoder().encode(JSON.stringify(payload)));
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
  return `${body}.${encodeBase64Url(new Uint8Array(signature))}`;
}

/** The payload if the signature holds and it fits `schema`, else `null`; never throws. */
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
  // One canonical spelling per part, so the same bytes never make a second valid token.
  if (encodeBase64Url(signature) !== signatureText || encodeBase64Url(payloadBytes) !== body) return null;
  try {
    if (!(await crypto.subtle.verify("HMAC", key, signature, new TextEncoder().encode(body)))) return null;
    const parsed = v.safeParse(schema, JSON.parse(new TextDecoder().decode(payloadBytes)));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
