/**
 * The live commerce API over HTTP (rule 5.3): `POST
 * {baseUrl}/store/{storeId}/checkout` with the JSON payload, a timeout of
 * `timeoutMs`, redirects refused (`redirect: "manual"`, so a redirect loop
 * can never re-post the order), and at most `MAX_UPSTREAM_ANSWER_BYTES` of
 * answer read. Only `url` is read from the answer.
 */
import * as v from "valibot";
import { type CommercePayload, CheckoutResponseSchema } from "../../core/checkout-contract";
import type { CommerceConfig } from "../config";
import { readLimitedText } from "../request-body";
import type { Commerce } from "./commerce";

/** Largest upstream answer read, in bytes (64 KiB). */
export const MAX_UPSTREAM_ANSWER_BYTES = 64 * 1024;

/** Creates the live implementation for a parsed live configuration. */
export function createHttpCommerce(config: Extract<CommerceConfig, { mode: "live" }>): Commerce {
  return {
    async createCheckout(payload: CommercePayload): Promise<string> {
      const response = await fetch(`${config.baseUrl}/store/${encodeURIComponent(config.storeId)}/checkout`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(payload),
        redirect: "manual",
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        throw new Error(`commerce API answered a redirect (${response.status})`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`commerce API answered ${response.status} ${response.statusText}`);
      }
      const text = await readLimitedText(response, MAX_UPSTREAM_ANSWER_BYTES);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error("commerce API answer is not JSON");
      }
      const answer = v.safeParse(CheckoutResponseSchema, json);
      if (!answer.success) throw new Error("commerce API answer has no url");
      return answer.output.url;
    },
    listAllowedHosts: () => config.allowedHosts,
  };
}
