/**
 * The commerce API as the checkout route sees it (rule 5.7): one interface,
 * two implementations. `http-commerce.ts` calls the real API (live mode);
 * `sandbox-commerce.ts` answers locally and serves a stand-in hosted page
 * (sandbox mode, left out of production builds by `__COMMERCE_SANDBOX__`).
 */
import type { CommercePayload } from "../../core/checkout-contract";

/** Starts a hosted checkout. */
export interface Commerce {
  /**
   * Creates a checkout session for the payload.
   *
   * @param payload what the commerce API receives (rule 5.1).
   * @param origin our own origin, e.g. `https://vpf.example`.
   * @returns the hosted checkout page's URL, not yet checked against the allowed hosts.
   * @throws Error on any failure of the upstream call (the route answers 502).
   */
  createCheckout(payload: CommercePayload, origin: string): Promise<string>;
  /** Hosts a returned checkout URL may point to, for a request on `origin`. */
  listAllowedHosts(origin: string): string[];
}
