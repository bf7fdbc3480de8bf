/**
 * The key that signs receipts and sandbox sessions (rule 5.8). Without the secret a random key per isolate is
 * enough for `wrangler dev`'s single isolate; live commerce is then off, so production never signs with it.
 */
import { type OrderReceipt, OrderReceiptSchema, isReceiptFresh } from "../core/order-receipt";
import { generateSigningKey, importSigningKey, verifyToken } from "../core/signed-token";
import type { Config } from "./config.server";
import { readServerConfig } from "./env.server";

let cached: { secret: string | null; key: Promise<CryptoKey> } | undefined;

/** The signing key of `config` (default: the running request's), made once per secret and isolate. */
export function readSigningKey(config: Pick<Config, "orderSigningSecret"> = readServerConfig()): Promise<CryptoKey> {
  if (!cached || cached.secret !== config.orderSigningSecret) {
    const secret = config.orderSigningSecret;
    cached = { secret, key: secret === null ? generateSigningKey() : importSigningKey(secret) };
  }
  return cached.key;
}

/**
 * The receipt if signed by us and fresh (rule 5.8), else `null`; never throws. `config` defaults to the running
 * request's (`readServerConfig`).
 */
export async function readOrderReceipt(
  token: string | null,
  config: Pick<Config, "orderSigningSecret"> = readServerConfig(),
): Promise<OrderReceipt | null> {
  const receipt = await verifyToken(await readSigningKey(config), token, OrderReceiptSchema);
  return receipt && isReceiptFresh(receipt, Date.now()) ? receipt : null;
}
