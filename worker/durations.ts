/**
 * Reading a duration from a worker variable (`wrangler.toml` `[vars]` are strings).
 */

/**
 * Parses milliseconds: a finite number ≥ 0, else `fallback` (unset, empty
 * text that is not a number, or negative).
 */
export function readMilliseconds(value: string | undefined, fallback: number): number {
  const ms = Number(value ?? fallback);
  return Number.isFinite(ms) && ms >= 0 ? ms : fallback;
}
