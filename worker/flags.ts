/**
 * Reads the feature flags from KV (binding `FLAGS`, key `flags`) with a
 * per-isolate cache, and exposes them to the rest of the worker.
 *
 * Rule 1.3: a missing key, a KV that throws, text that is not JSON or of the
 * wrong shape all give defaults (per flag where possible) and log exactly one
 * structured warning per read; the request never fails because of flags.
 *
 * Cache (rule 1.2): one isolate keeps what it read for `config.flagsTtlMs`
 * (default 30 000 ms, so an operator's change is live everywhere within 30 s
 * of KV's own propagation). Concurrent requests share one pending read.
 */
import type { MiddlewareHandler } from "hono";
import { type Flags, parseStoredFlags } from "../core/flags-schema";
import type { Bindings } from "./config";
import type { WorkerEnv } from "./types";

/** What the flags are read from: the `FLAGS` namespace (`config.bindings.flags`). */
type FlagsStore = NonNullable<Bindings["flags"]>;

/** KV key holding the flags JSON. */
export const FLAGS_KEY = "flags";

interface CacheEntry {
  flags: Promise<Flags>;
  expiresAt: number;
}

let cache: CacheEntry | null = null;

/**
 * Reads and parses the stored flags once, without the cache.
 *
 * @param kv the `FLAGS` namespace.
 * @returns the flags in force; logs one `console.warn` JSON line on any problem.
 */
export async function readFlags(kv: FlagsStore): Promise<Flags> {
  let raw: string | null;
  try {
    raw = await kv.get(FLAGS_KEY, "text");
  } catch (error) {
    warn(`KV read failed: ${error instanceof Error ? error.message : String(error)}`);
    return parseStoredFlags(null).flags;
  }
  const reading = parseStoredFlags(raw);
  if (reading.problem) warn(reading.problem);
  return reading.flags;
}

/**
 * The flags for this request, from the isolate cache when it is fresh.
 *
 * @param kv the `FLAGS` namespace.
 * @param ttl how long a read stays fresh, in ms (0: read on every request).
 * @param now current time in ms since the epoch (a parameter for tests).
 */
export function getFlags(kv: FlagsStore, ttl: number, now = Date.now()): Promise<Flags> {
  if (cache && ttl > 0 && now < cache.expiresAt) return cache.flags;
  const flags = readFlags(kv);
  cache = { flags, expiresAt: now + ttl };
  return flags;
}

/** Forgets the cached flags (tests, and after the CLI writes in the same process). */
export function clearFlagsCache(): void {
  cache = null;
}

/** Stands in for a missing `FLAGS` binding: every flag takes its default. */
const NO_FLAGS_STORE: FlagsStore = { get: async () => null };

/** Hono middleware that sets `c.var.flags`; needs `c.var.config`. */
export function flagsMiddleware(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    c.set("flags", await getFlags(c.var.config.bindings.flags ?? NO_FLAGS_STORE, c.var.config.flagsTtlMs));
    await next();
  };
}

function warn(reason: string): void {
  console.warn(JSON.stringify({ level: "warn", event: "flags.fallback", key: FLAGS_KEY, reason }));
}
