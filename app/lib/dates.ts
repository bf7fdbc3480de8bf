/**
 * Dates in UTC, so the server and the browser print the same text (rule 3.4), in the sales country's locale
 * (`SITE_LOCALE`, content/site.ts).
 */
import { SITE_LOCALE } from "../../content/site";

const LONG_DATE = new Intl.DateTimeFormat(SITE_LOCALE, { dateStyle: "long", timeZone: "UTC" });

/** `2026-03-03` as `March 3, 2026` (`3 March 2026` in en-GB); throws a RangeError when the text is not a date. */
export function formatLongDate(isoDate: string): string {
  return LONG_DATE.format(new Date(isoDate));
}

// A 24-hour clock in every locale, as the "UTC" after it reads.
const CLOCK_TIME = new Intl.DateTimeFormat(SITE_LOCALE, {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** A moment (ms since the epoch) as its UTC time of day: `18:05 UTC`. */
export function formatUtcTime(ms: number): string {
  return `${CLOCK_TIME.format(new Date(ms))} UTC`;
}

const WEEKDAY = new Intl.DateTimeFormat(SITE_LOCALE, { weekday: "long", timeZone: "UTC" });

/** The UTC weekday of an ISO date or date-time: `2026-11-29T07:00:00Z` as the name of that day of the week. */
export function formatWeekday(isoDate: string): string {
  return WEEKDAY.format(new Date(isoDate));
}
