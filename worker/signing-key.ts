/**
 * The key that signs order receipts and sandbox sessions (rule 5.8), made
 * once per isolate from the `ORDER_SIGNING_KEY` secret. Without the secret
 * (local runs) a random key is generated per isolate: receipts then verify
 * only within that isolate, which is what `wrangler dev` runs, and live
 * commerce stays off (`config.ts`), so production never signs with it.
 */
import { type OrderReceipt, OrderReceiptSchema, isReceiptFresh } from "../core/order-receipt";
import { generateSigningKey, importSigningKey, verifyToken } from "../core/signed-token";
import type { Config } from "./config";

let cached: { secret: string | null; key: Promise<CryptoKey> } | undefined;

/** The HMAC-SHA-256 key for this configuration, made once per isolate. */
export function readSigningKey(config: Pick<Config, "orderSigningSecret">): Promise<CryptoKey> {
  if (!cached || cached.secret !== config.orderSigningSecret) {
    const secret = config.orderSigningSecret;
    cached = { secret, key: secret === null ? generateSigningKey() : importSigningKey(secret) };
  }
  return cached.key;
}

/**
 * The order receipt a `/success` address carries, when the worker signed it
 * and it is still fresh (rule 5.8); `null` for anything else, never throws.
 *
 * @param token the `receipt` query parameter, or `null` when absent.
 */
export async function readOrderReceipt(
  config: Pick<Config, "orderSigningSecret">,
  token: string | null,
): Promise<OrderReceipt | null> {
  const receipt = await verifyToken(await readSigningKey(config), token, OrderReceiptSchema);
  return receipt && isReceiptFresh(receipt, Date.now()) ? receipt : null;
}
