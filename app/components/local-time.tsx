/** A time of day the reader reads in their own time zone (rule 6.8), in UTC until the page's scripts run. */
import { SITE_LOCALE } from "../../content/site";
import { formatUtcTime } from "../lib/dates";
import { useHydrated } from "../lib/use-hydrated";

/** `ms` (since the epoch) as the browser's clock shows it, with its zone: `19:05 CET`. */
function formatLocalTime(ms: number): string {
  return new Intl.DateTimeFormat(SITE_LOCALE, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(new Date(ms));
}

/**
 * The moment `ms` as a `<time>`: `18:05 UTC` from the server (it cannot know the reader's zone), then the reader's
 * own clock once hydrated, so the first render matches the server's.
 */
export function LocalTime({ ms }: { ms: number }) {
  const hydrated = useHydrated();
  return <time dateTime={new Date(ms).toISOString()}>{hydrated ? formatLocalTime(ms) : formatUtcTime(ms)}</time>;
}
