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

/** English names of the weekdays, in `Date.getUTCDay` order, as the site's copy names the send day. */
const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** How the site's copy names a send time: `{ weekday: "Sunday", partOfDay: "morning", when: "Sunday morning" }`. */
export interface SendTimeWords {
  weekday: (typeof WEEKDAY_NAMES)[number];
  partOfDay: "morning" | "afternoon" | "evening" | "night";
  /** The weekday and the part of day together, as copy writes them after "every" or "on". */
  when: string;
}

/** Where each part of the day starts (UTC hour), latest first; before the first morning hour it is still night. */
const PARTS_OF_DAY = [
  { from: 21, part: "night" },
  { from: 17, part: "evening" },
  { from: 12, part: "afternoon" },
  { from: 5, part: "morning" },
] as const;

/**
 * Names the send time of `schedule` (UTC) in words, so the copy says what the cron does: 07:00 on weekday 0 is
 * Sunday morning. Morning runs from 05:00 to 11:59, afternoon to 16:59, evening to 20:59, night to 04:59.
 * @throws RangeError when `weekday` is not 0 to 6.
 */
export function describeSendTime(schedule: { weekday: number; hour: number } = SEND_SCHEDULE): SendTimeWords {
  const weekday = WEEKDAY_NAMES[schedule.weekday];
  if (weekday === undefined) throw new RangeError(`weekday ${schedule.weekday} is not 0 (Sunday) to 6 (Saturday)`);
  const partOfDay = PARTS_OF_DAY.find(({ from }) => schedule.hour >= from)?.part ?? "night";
  return { weekday, partOfDay, when: `${weekday} ${partOfDay}` };
}

/** The send time in the copy's words (`Sunday morning` for the sample's `SEND_SCHEDULE`). */
export const SEND_TIME_WORDS: SendTimeWords = describeSendTime();

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
