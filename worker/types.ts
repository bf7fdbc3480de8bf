/**
 * Hono typing shared by the worker's middleware: the bindings come from
 * `wrangler.toml` (generated `Env`), the variables are what each middleware
 * leaves for the next one.
 */
import type { RenderOutcome } from "../core/edge-context";
import type { Flags } from "../core/flags";
import type { Config } from "./config";

/** A Cache-Control policy a handler may name; `response-policy.ts` writes its header. */
export type CachePolicy = "revalidate" | "no-store" | "immutable" | "feed" | "redirect";

/** Hono environment of the worker app. */
export interface WorkerEnv {
  Bindings: Env;
  Variables: {
    /** Set by `securityHeaders` (Hono's secure-headers middleware). */
    secureHeadersNonce?: string;
    /** Set by the page cache on a hit: the stored page's script hash sources, space-separated, which the CSP names instead of the nonce. */
    scriptHashes?: string;
    /** Set first, from the bindings (`config.ts`). */
    config: Config;
    /** Set by `flagsMiddleware`. */
    flags: Flags;
    /** Filled in by the render (`app/entry.server.tsx`); read by the page cache. */
    render: RenderOutcome;
    /** The Cache-Control policy a handler named (`response-policy.ts`); unset: chosen by kind. */
    cachePolicy?: CachePolicy;
  };
}
