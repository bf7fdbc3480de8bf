/** `Server-Timing` on pages: page cache hit or miss (rule 8.3), render time; same-origin, no `Timing-Allow-Origin`. */

export const SERVER_TIMING_HEADER = "Server-Timing";

/** Returns the same response, or a copy when its headers were immutable. */
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

/** The Workers clock moves only across I/O, so this counts the render's waits, not its CPU time. */
export function describeRender(durationMs: number): string {
  return `render;dur=${Math.max(0, Math.round(durationMs * 10) / 10)}`;
}
