/**
 * The request context the worker hands to React Router: flags, CSP nonce,
 * gate decision and environment. Both sides import this module so they share the same key
 * object: the worker sets it, loaders and `entry.server.tsx` read it.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { FlagName, Flags } from "../../core/flags";

/** Everything a request carries from the edge into React Router. */
export interface EdgeContext {
  /** Flags in force for this request (KV, with defaults filled in). */
  flags: Flags;
  /** Base64 CSP nonce, 128 random bits, fresh per request. */
  nonce: string;
  /** The flag that closes the requested path, if any (worker feature gate). */
  blockedBy: FlagName | null;
  /** The worker's bindings and variables. */
  env: Env;
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
