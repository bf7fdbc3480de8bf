/**
 * `Server-Timing` on pages (rule 8.3), for the browser's field data
 * (`PerformanceNavigationTiming.serverTiming`) and for anyone reading headers:
 *
 * - `cache;desc=hit` or `cache;desc=miss`: whether the page cache answered
 *   (`page-cache.ts`; a copy past half its life and refreshed in the
 *   background is still a hit). Absent where the page cache is not asked:
 *   a query string, a page that is never kept, the cache turned off.
 * - `render;dur=<ms>`: a page React Router rendered for this request, from
 *   the hand-over to the response's head being ready (for browsers the
 *   streamed shell, for crawlers the whole page). The Workers clock moves
 *   only across I/O, so this counts the render's waits; pure CPU work shows
 *   little or 0. A page from the cache has no `render`.
 *
 * The page is same-origin with the beacon, so no `Timing-Allow-Origin` is needed.
 */

/** Header name. */
export const SERVER_TIMING_HEADER = "Server-Timing";

/**
 * Appends one `Server-Timing` metric to a response.
 *
 * @param metric e.g. `cache;desc=hit`, `render;dur=12.5`.
 * @returns the same response, or a copy when its headers were immutable.
 */
export function appendServerTiming(response: Response, metric: string): Response {
  try {
    response.headers.append(SERVER_TIMING_HEADER, metric);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.append(SERVER_TIMING_HEADER, metric);
    return copy;
  }
}

/** The `render` metric for a duration in ms, to 0.1 ms. */
export function describeRender(durationMs: number): string {
  return `render;dur=${Math.max(0, Math.round(durationMs * 10) / 10)}`;
}
