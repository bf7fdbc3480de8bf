/** When the cron sends issues (rule 6.8), for the worker's cron and the operator's `status` alike. */

/** The cron that sends due issues, as `wrangler.toml` declares it: 07:00 UTC on Sundays. */
export const SEND_CRON = "0 7 * * SUN";

/** The cron sends an issue only within a week of its send time, so a first deploy never mails the archive. */
export const CRON_SEND_WINDOW_MS = 7 * 86_400_000;

/** Whether the cron running at `runMs` sends an issue whose send time is `sendAtMs` (both ms since the epoch). */
export function isInCronWindow(sendAtMs: number, runMs: number): boolean {
  return sendAtMs <= runMs && runMs - sendAtMs < CRON_SEND_WINDOW_MS;
}

/** The first run of `SEND_CRON` at or after `nowMs` (ms since the epoch). */
export function findNextCronRunMs(nowMs: number): number {
  const run = new Date(nowMs);
  run.setUTCHours(7, 0, 0, 0);
  run.setUTCDate(run.getUTCDate() + ((7 - run.getUTCDay()) % 7));
  if (run.getTime() < nowMs) run.setUTCDate(run.getUTCDate() + 7);
  return run.getTime();
}

/**
 * A delivery claim older than this (ms) belongs to a consumer that stopped mid-batch (a batch takes seconds): `send`
 * queues its reader again, and `status` counts the send as stopped when readers wait and nothing happened as long.
 */
export const STALE_CLAIM_MS = 2 * 60_000;
