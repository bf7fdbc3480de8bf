/** The live commerce API over HTTP (rule 5.3); redirects are refused so none can re-post the order. */
import * as v from "valibot";
import { type CommercePayload, CheckoutResponseSchema } from "../../core/checkout-contract";
import type { CommerceConfig } from "../../server/config.server";
import { readLimitedText } from "../../server/body-text.server";
import type { Commerce } from "./commerce";

export const MAX_UPSTREAM_ANSWER_BYTES = 64 * 1024;

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
