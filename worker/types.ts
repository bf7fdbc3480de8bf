/**
 * Hono typing shared by the worker's middleware: the bindings come from
 * `wrangler.toml` (generated `Env`), the variables are what each middleware
 * leaves for the next one.
 */
import type { FlagName, Flags } from "../core/flags-schema";

/** Hono environment of the worker app. */
export interface WorkerEnv {
  Bindings: Env;
  Variables: {
    /** Set by `securityHeaders` (Hono's secure-headers middleware). */
    secureHeadersNonce?: string;
    /** Set by `flagsMiddleware`. */
    flags: Flags;
    /** Set by `featureGates`: the flag that closes this path, or `null`. */
    blockedBy: FlagName | null;
  };
}
