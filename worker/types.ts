/** Hono typing shared by the worker's middleware. */
import type { RenderOutcome } from "../core/edge-context";
import type { Flags } from "../core/flags";
import type { Config } from "../server/config.server";

export type CachePolicy = "revalidate" | "no-store" | "immutable" | "feed" | "redirect";

export interface WorkerEnv {
  Bindings: Env;
  Variables: {
    secureHeadersNonce?: string;
    /** Set on a page-cache hit: hash sources the CSP names instead of the nonce. */
    scriptHashes?: string;
    config: Config;
    flags: Flags;
    render: RenderOutcome;
    /** Unset: the response policy chooses by the kind of answer. */
    cachePolicy?: CachePolicy;
  };
}
