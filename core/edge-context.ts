/**
 * The request context the worker hands to React Router (ARCHITECTURE.md,
 * "The request's path"). Both sides import this module so they share the same
 * key object: the worker sets it, loaders and `app/entry.server.tsx` read it.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { AuthConfig } from "./auth-config";
import type { Flags } from "./flags";
import type { FormKind, FormPageAnswer, PublicFormsConfig } from "./form-contract";
import type { OrderReceipt } from "./order-receipt";

/** What the render reports back to the worker once the stream has ended. */
export interface RenderOutcome {
  /** True when React reported an error after the shell was sent (the page is incomplete). */
  streamError: boolean;
}

/** Everything a request carries from the edge into React Router. */
export interface EdgeContext {
  /** Flags in force for this request (KV, with defaults filled in; rule 1.3). */
  flags: Flags;
  /** Base64 CSP nonce, 128 random bits, fresh per request (rule 8.1). */
  nonce: string;
  /** The public accounts configuration, or `null` when accounts are off (rule 9.1). */
  auth: AuthConfig;
  /** Filled in by the render; the page cache reads it before storing a page. */
  render: RenderOutcome;
  /**
   * The signed, fresh order receipt in a `receipt` query parameter, or `null`
   * (rule 5.8). The signing key stays in the worker.
   */
  readOrderReceipt(token: string | null): Promise<OrderReceipt | null>;
  /** Where the forms go and how long messages are kept (rules 6.6, 6.7). */
  forms: PublicFormsConfig;
  /** Share of visits whose browser reports its Web Vitals, 0..1 (rule 8.5). */
  vitalsSampleRate: number;
  /**
   * Runs a post of a form to its page through the worker's checks and keeps
   * it (`d1` mode, rule 6.6); the body is read there, never by the page.
   */
  submitForm(kind: FormKind, request: Request): Promise<FormPageAnswer>;
}

/** Context key under which the worker stores the `EdgeContext`. */
export const edgeContext = createContext<EdgeContext>();

/**
 * Reads the edge context.
 *
 * @throws Error when the request did not come through the worker (a wiring bug).
 */
export function getEdgeContext(context: Readonly<RouterContextProvider>): EdgeContext {
  return context.get(edgeContext);
}
