/**
 * The schedule's one home agrees with what Cloudflare runs: every environment of `wrangler.toml`, as wrangler reads
 * it, declares exactly `CRONS`; and the operator's next run is the send schedule's.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import {
  CLEANUP_CRON,
  CRONS,
  SEND_CRON,
  SEND_SCHEDULE,
  SEND_TIME_WORDS,
  describeSendTime,
  findNextCronRunMs,
} from "./newsletter-schedule";

const WRANGLER_TOML = path.join(import.meta.dirname, "..", "wrangler.toml");

/** The environments `wrangler.toml` names in its table headers (`[env.NAME]`, `[[env.NAME.queues.consumers]]`, …). */
function listEnvironments(): string[] {
  const text = readFileSync(WRANGLER_TOML, "utf8");
  return [...new Set(Array.from(text.matchAll(/^\[\[?env\.([\w-]+)[.\]]/gm), (match) => match[1] ?? ""))];
}

describe("the Cron Triggers", () => {
  it("tell the clean-up from the send, as the worker does, by value", () => {
    expect(CLEANUP_CRON).not.toBe(SEND_CRON);
  });

  it.each(["the top level", ...listEnvironments()])("are what wrangler.toml declares: %s", (name) => {
    const env = name === "the top level" ? undefined : name;
    const config = unstable_readConfig({ config: WRANGLER_TOML, env }, { hideWarnings: true });
    expect(config.triggers.crons).toEqual(CRONS);
  });

  it("name the deployed environments too", () => {
    expect(listEnvironments()).toEqual(expect.arrayContaining(["production", "staging"]));
  });
});

describe("findNextCronRunMs", () => {
  it("is the first run of the send schedule at or after the moment, within a week", () => {
    const weekMs = 7 * 86_400_000;
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }), (nowMs) => {
        const runMs = findNextCronRunMs(nowMs);
        const run = new Date(runMs);
        expect(runMs).toBeGreaterThanOrEqual(nowMs);
        expect(runMs - nowMs).toBeLessThan(weekMs);
        expect([run.getUTCDay(), run.getUTCHours(), run.getUTCMinutes(), run.getUTCSeconds()]).toEqual([
          SEND_SCHEDULE.weekday,
          SEND_SCHEDULE.hour,
          SEND_SCHEDULE.minute,
          0,
        ]);
        expect(run.getUTCMilliseconds()).toBe(0);
      }),
    );
  });

  it("is the moment itself when a run falls on it", () => {
    const runMs = findNextCronRunMs(Date.UTC(2030, 0, 1));
    expect(findNextCronRunMs(runMs)).toBe(runMs);
    expect(findNextCronRunMs(runMs + 1)).toBe(runMs + 7 * 86_400_000);
  });
});

describe("describeSendTime", () => {
  it("names the weekday the cron sends on, as the UTC calendar names it", () => {
    const run = new Date(findNextCronRunMs(Date.UTC(2030, 0, 1)));
    const weekday = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }).format(run);
    expect(SEND_TIME_WORDS.weekday).toBe(weekday);
    expect(SEND_TIME_WORDS.when).toBe(`${weekday} ${SEND_TIME_WORDS.partOfDay}`);
  });

  it.each([
    [0, 7, "Sunday morning"],
    [6, 5, "Saturday morning"],
    [3, 12, "Wednesday afternoon"],
    [1, 17, "Monday evening"],
    [5, 21, "Friday night"],
    [2, 4, "Tuesday night"],
  ])("says weekday %i at %i:00 UTC is %s", (weekday, hour, when) => {
    expect(describeSendTime({ weekday, hour }).when).toBe(when);
  });

  it("refuses a weekday cron does not have", () => {
    expect(() => describeSendTime({ weekday: 7, hour: 7 })).toThrow(RangeError);
  });
});
