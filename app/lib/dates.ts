/** Dates in UTC, so the server and the browser print the same text (rule 3.4). */
const LONG_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** `2026-03-03` as `March 3, 2026`; throws a RangeError when the text is not a date. */
export function formatLongDate(isoDate: string): string {
  return LONG_DATE.format(new Date(isoDate));
}
