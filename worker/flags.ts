/** Feature flags from KV, cached per isolate (rule 1.2); a request never fails because of them (rule 1.3). */
import type { MiddlewareHandler } from "hono";
import { type Flags, parseStoredFlags } from "../core/flags-schema";
import type { WorkerEnv } from "./types";

/** The one call made of the `FLAGS` namespace, so a store without KV can stand in for it. */
type FlagsStore = { get(key: string, type: "text"): Promise<string | null> };

export const FLAGS_KEY = "flags";

interface CacheEntry {
  flags: Promise<Flags>;
  expiresAt: number;
}

let cache: CacheEntry | null = null;

/** Reads KV without the cache; logs one JSON warning on any problem, never throws. */
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

/** From the isolate cache while fresh; concurrent requests share one pending read. `ttl` in ms, 0 reads every time. */
export function getFlags(kv: FlagsStore, ttl: number, now = Date.now()): Promise<Flags> {
  if (cache && ttl > 0 && now < cache.expiresAt) return cache.flags;
  const flags = readFlags(kv);
  cache = { flags, expiresAt: now + ttl };
  return flags;
}

export function clearFlagsCache(): void {
  cache = null;
}

const NO_FLAGS_STORE: FlagsStore = { get: async () => null };

/** Sets `c.var.flags`; needs `c.var.config`. With `COMMERCE_MODE = "off"` the store is closed whatever KV says. */
export function flagsMiddleware(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const flags = await getFlags(c.var.config.bindings.flags ?? NO_FLAGS_STORE, c.var.config.flagsTtlMs);
    c.set("flags", c.var.config.commerce?.mode === "off" && flags.store ? { ...flags, store: false } : flags);
    await next();
  };
}

function warn(reason: string): void {
  console.warn(JSON.stringify({ level: "warn", event: "flags.fallback", key: FLAGS_KEY, reason }));
}
