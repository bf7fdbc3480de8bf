/**
 * The Cron Triggers' one home: the worker tells them apart by these values, the operator's `status` reckons "due"
 * from the send schedule, and `newsletter-schedule.test.ts` fails unless every environment of `wrangler.toml`
 * declares exactly `CRONS` (rule 6.8).
 */

/** The daily clean-up, 03:17 UTC: old contact messages and unconfirmed sign-ups (rules 6.7, 6.8). */
export const CLEANUP_CRON = "17 3 * * *";

/** When the newsletter's cron runs, in UTC: `weekday` 0 is Sunday, 6 Saturday. */
export const SEND_SCHEDULE = { weekday: 0, hour: 7, minute: 0 } as const;

/** Cron's names of the weekdays, Sunday first as `Date.getUTCDay` counts them. */
const CRON_WEEKDAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"] as const;

/** The cron that sends due issues: `SEND_SCHEDULE` in cron syntax (`0 7 * * SUN`). */
export const SEND_CRON = `${SEND_SCHEDULE.minute} ${SEND_SCHEDULE.hour} * * ${CRON_WEEKDAYS[SEND_SCHEDULE.weekday]}`;

/**
 * Each job the worker's `scheduled` runs, by the cron that starts it, named and described as the deploy check's
 * refusal names a missing one (`scripts/deploy-config.ts`).
 */
export const CRON_JOBS: ReadonlyArray<{ cron: string; job: string; does: string }> = [
  {
    cron: CLEANUP_CRON,
    job: "the daily clean-up",
    does: "deletes old contact messages and unconfirmed sign-ups",
  },
  {
    cron: SEND_CRON,
    job: "the newsletter's send",
    does: "starts the issues whose send time has come, at the time `npm run newsletter -- status` reckons with",
  },
];

/** Every Cron Trigger, as each environment of `wrangler.toml` lists them in `[triggers] crons`. */
export const CRONS: readonly string[] = CRON_JOBS.map(({ cron }) => cron);

/** The cron sends an issue only within a week of its send time, so a first deploy never mails the archive. */
export const CRON_SEND_WINDOW_MS = 7 * 86_400_000;

/** Whether the cron running at `runMs` sends an issue whose send time is `sendAtMs` (both ms since the epoch). */
export function isInCronWindow(sendAtMs: number, runMs: number): boolean {
  return sendAtMs <= runMs && runMs - sendAtMs < CRON_SEND_WINDOW_MS;
}

/** The first run of `SEND_CRON` at or after `nowMs` (ms since the epoch). */
export function findNextCronRunMs(nowMs: number): number {
  const run = new Date(nowMs);
  run.setUTCHours(SEND_SCHEDULE.hour, SEND_SCHEDULE.minute, 0, 0);
  run.setUTCDate(run.getUTCDate() + ((SEND_SCHEDULE.weekday - run.getUTCDay() + 7) % 7));
  if (run.getTime() < nowMs) run.setUTCDate(run.getUTCDate() + 7);
  return run.getTime();
}

/**
 * A delivery claim older than this (ms) belongs to a consumer that stopped mid-batch (a batch takes seconds): `send`
 * queues its reader again, and `status` counts the send as stopped when readers wait and nothing happened as long.
 */
export const STALE_CLAIM_MS = 2 * 60_000;
