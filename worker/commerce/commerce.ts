/** The commerce API as the checkout route sees it (rule 5.7): live over HTTP, or the local sandbox. */
import type { CommercePayload } from "../../core/checkout-contract";

export interface Commerce {
  /** The hosted checkout page's URL, not yet checked against the allowed hosts; throws on any upstream failure. */
  createCheckout(payload: CommercePayload, origin: string): Promise<string>;
  listAllowedHosts(origin: string): string[];
}
