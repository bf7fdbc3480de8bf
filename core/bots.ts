/**
 * Whether a request's User-Agent is a crawler, by `isbot`'s list. Crawlers
 * get the fully rendered page and browsers the streamed one
 * (`app/entry.server.tsx`); the page cache keeps the two apart.
 *
 * `isbot` runs one large regular expression, about 0.15 CPU ms a call, and
 * a page-cache hit would spend a tenth of its time there; so each isolate
 * remembers the answer for the last 256 distinct agents of up to 512
 * characters (at most about 128 kB). Longer agents are always checked afresh.
 */
import { isbot } from "isbot";

const MAX_REMEMBERED = 256;
const MAX_REMEMBERED_LENGTH = 512;
const remembered = new Map<string, boolean>();

/** `true` for a crawler's User-Agent; an empty agent is a browser. */
export function isBotUserAgent(userAgent: string): boolean {
  const known = remembered.get(userAgent);
  if (known !== undefined) return known;
  const bot = isbot(userAgent);
  if (userAgent.length <= MAX_REMEMBERED_LENGTH) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(userAgent, bot);
  }
  return bot;
}
