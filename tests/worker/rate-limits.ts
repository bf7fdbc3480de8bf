/**
 * Rate limiters whose clock the test drives, for the tests that count a client's budget. The local `ratelimits`
 * binding counts in windows aligned to the wall clock (`floor(now / period)`) inside miniflare's own worker, where the
 * tests' fake timers do not reach: a burst that straddles a window's end starts a new budget there. These count the
 * same way, per key, against a clock that moves only when the test moves it, with the budgets wrangler.toml declares.
 */

/** The rate limit bindings of wrangler.toml. */
export type RateLimiterName =
  "CHECKOUT_RATE_LIMITER" | "CSP_REPORT_RATE_LIMITER" | "FORMS_RATE_LIMITER" | "VITALS_RATE_LIMITER";

/** A `ratelimits` entry of the built worker's configuration. */
interface RateLimitEntry {
  name: string;
  simple: { limit: number; period: number };
}

// A computed specifier keeps the type checker out of the generated configuration.
const BUILT_CONFIG_PATH = "../../build/server/wrangler.json";

/** A binding's stand-in; `nowMs` is its clock (ms since the epoch), which only the test moves. */
export interface DrivenRateLimiter extends RateLimit {
  /** Requests a key may make in one window. */
  readonly budget: number;
  /** A window's length, in ms. */
  readonly periodMs: number;
  nowMs: number;
}

/** A window's end on every period the binding allows (10 s and 60 s): 2030-01-01T00:00:00Z. */
const WINDOW_END_MS = Date.UTC(2030, 0, 1);

/**
 * A stand-in for binding `name` with its budget from the build's wrangler.json, its clock placed `beforeEndMs`
 * (default one second) before a window's end, where a burst on the wall clock could start a second budget.
 *
 * @throws Error when the build declares no such binding (run `npm run build` first).
 */
export async function createDrivenRateLimiter(name: RateLimiterName, beforeEndMs = 1000): Promise<DrivenRateLimiter> {
  const config = (
    (await import(/* @vite-ignore */ BUILT_CONFIG_PATH)) as { default: { ratelimits?: RateLimitEntry[] } }
  ).default;
  const entry = config.ratelimits?.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`${name} is not declared in build/server/wrangler.json: check wrangler.toml`);
  const counts = new Map<string, { window: number; count: number }>();
  const limiter: DrivenRateLimiter = {
    budget: entry.simple.limit,
    periodMs: entry.simple.period * 1000,
    nowMs: WINDOW_END_MS - beforeEndMs,
    async limit({ key }) {
      const window = Math.floor(limiter.nowMs / limiter.periodMs);
      const known = counts.get(key);
      const count = known?.window === window ? known.count : 0;
      if (count >= limiter.budget) return { success: false };
      counts.set(key, { window, count: count + 1 });
      return { success: true };
    },
  };
  return limiter;
}
