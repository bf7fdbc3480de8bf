/**
 * How many fast-check runs each fuzz target makes. In `npm test` each
 * target makes its own count (the worker's request fuzzing 100, the early-input properties one run beside their
 * examples, the phone-tap property two); `npm run test:site` passes tests/run.ts's counts as `BENCH_FUZZ_RUNS`
 * (`SWEEP_FUZZ_RUNS`, 2,000, to the worker's fuzzing; `SWEEP_PROPERTY_RUNS`, 12, to the early-input properties;
 * `SWEEP_TAP_RUNS`, 50, to the phone-tap property); set it for more anywhere (e.g.
 * `BENCH_FUZZ_RUNS=10000 npm run test:worker`). A property test is bounded by its count alone: no
 * test has a time limit of its own, only the runners' hang guard (`HANG_GUARD_MS`), so a busy host slows a property
 * but never fails it.
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
 * The one time limit of a test, in ms, in every runner (Vitest's `testTimeout` and `hookTimeout`, Playwright's
 * per-test `timeout`): ten minutes, far past any test's time on a host at load 20, so only a hang reaches it.
 */
export const HANG_GUARD_MS = 600_000;
