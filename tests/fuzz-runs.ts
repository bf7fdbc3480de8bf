/**
 * How many fast-check runs each fuzz target makes: its own count in `npm test`
 * (the worker's request fuzzing makes 100 there and 2,000 in
 * `npm run test:site`; the early-input properties a few there and
 * `SWEEP_FUZZ_RUNS` in the sweep), more with `BENCH_FUZZ_RUNS` (e.g.
 * `BENCH_FUZZ_RUNS=10000 npm run test:worker`).
 * Worker tests read it from the `BENCH_FUZZ_RUNS` binding the Vitest config
 * passes through; unit tests from the environment.
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
