/** What is published at a moment (rule 3.1): articles by `publishedAt`, newsletter issues by `sendAt`. */

/**
 * The moment an item dated `at` comes out, in ms since the epoch: a date (`YYYY-MM-DD`) at 00:00 UTC, a UTC
 * date-time (`YYYY-MM-DDTHH:MM:SSZ`) as written.
 * @throws RangeError when `at` is neither (content validation refuses such a file first).
 */
export function readPublishMs(at: string): number {
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(at) ? `${at}T00:00:00Z` : at);
  if (Number.isNaN(ms)) throw new RangeError(`not a publication date: ${at}`);
  return ms;
}

/** Whether an item dated `at` is out at `nowMs` (ms since the epoch). */
export function isPublished(at: string, nowMs: number): boolean {
  return readPublishMs(at) <= nowMs;
}

/** How many of `moments` (ms since the epoch, from `readPublishMs`) are out at `nowMs`. */
export function countPublished(moments: readonly number[], nowMs: number): number {
  return moments.filter((moment) => moment <= nowMs).length;
}

/** An honest read time in whole minutes for `words` words at 200 a minute: rounded up, at least 1. */
export function countReadMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / 200));
}
