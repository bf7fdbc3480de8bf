/**
 * How many fast-check runs each fuzz target makes, and how long its test may take for them. In `npm test` each
 * target makes its own count (the worker's request fuzzing 100, the early-input properties one run beside their
 * examples, the phone-tap property two); `npm run test:site` passes tests/run.ts's counts as `BENCH_FUZZ_RUNS`
 * (`SWEEP_FUZZ_RUNS`, 2,000, to the worker's fuzzing; `SWEEP_PROPERTY_RUNS`, 12, to the early-input properties;
 * `SWEEP_TAP_RUNS`, 50, to the phone-tap property); set it for more anywhere (e.g.
 * `BENCH_FUZZ_RUNS=10000 npm run test:worker`). A property test's time limit follows its count, never the host.
 * Worker tests read it from the `BENCH_FUZZ_RUNS` binding the Vitest config passes through; unit tests and
 * Playwright from the environment.
 */

/** Default runs per fuzz target. */
export const DEFAULT_FUZZ_RUNS = 2000;

/**
 * Runs for one fuzz target: `value` (the `BENCH_FUZZ_RUNS` text) when it is a
 * whole number above 0, else `fallback` (a target's own count in `npm test`,
 * `DEFAULT_FUZZ_RUNS` unless given).
 */
export function readFuzzRuns(value: string | undefined, fallback = DEFAULT_FUZZ_RUNS): number {
  const runs = Number(value);
  return Number.isInteger(runs) && runs > 0 ? runs : fallback;
}

/**
 * The most one run may take, in ms, by what it does: `pure` code, `requests` to the built worker in workerd, or
 * `pages` opened in Chromium (an early-input case: a few loads under CPU throttling). On a two-core host at load 2
 * to 3.5 the slowest runs took 0.3 ms, 11 ms and 1.2 s; a loaded host has made a pure property run above 5 ms.
 * The budgets are far past all of these, so a busy host never fails a property: only a hang does.
 */
export const FUZZ_RUN_BUDGET_MS = { pure: 50, requests: 1000, pages: 30_000 } as const;

/** The shortest time limit a property test gets, in ms (Vitest's own default is 5 s). */
export const MIN_FUZZ_TIMEOUT_MS = 10_000;

/**
 * The time limit of a test making `runs` runs of `kind` (Vitest's `timeout`, in ms): `runs` times the run's budget
 * (`FUZZ_RUN_BUDGET_MS`), at least `MIN_FUZZ_TIMEOUT_MS`.
 */
export function readFuzzTimeoutMs(runs: number, kind: keyof typeof FUZZ_RUN_BUDGET_MS = "pure"): number {
  return Math.max(MIN_FUZZ_TIMEOUT_MS, runs * FUZZ_RUN_BUDGET_MS[kind]);
}

/** A fuzz target's runs (`readFuzzRuns` of `value` and `fallback`) and the time limit they give its test. */
export function planFuzzRuns(
  value: string | undefined,
  fallback = DEFAULT_FUZZ_RUNS,
  kind: keyof typeof FUZZ_RUN_BUDGET_MS = "pure",
): { runs: number; timeoutMs: number } {
  const runs = readFuzzRuns(value, fallback);
  return { runs, timeoutMs: readFuzzTimeoutMs(runs, kind) };
}
