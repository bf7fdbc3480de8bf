/** Measurement 4, streaming: whether the article page's HTML arrives in pieces or all at the end. */
import { BROWSER_UA, PAGES, computeMedian, log, roundTo } from "./common.ts";

/** Medians over 7 fetches: first and last byte in ms after the request, and the body's chunk count. */
export interface Streaming {
  page: string;
  ttfbMs: number;
  ttlbMs: number;
  chunks: number;
}

/** Time to first and last byte of the article page; the server must have the page cache off. */
export async function measureStreaming(base: string): Promise<Streaming> {
  const firsts: number[] = [];
  const lasts: number[] = [];
  const chunkCounts: number[] = [];
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    const response = await fetch(`${base}${PAGES[2].path}`, { headers: { "user-agent": BROWSER_UA } });
    const reader = response.body!.getReader();
    let first = -1;
    let chunks = 0;
    for (;;) {
      const { done } = await reader.read();
      if (first < 0) first = performance.now() - started;
      if (done) break;
      chunks++;
    }
    firsts.push(first);
    lasts.push(performance.now() - started);
    chunkCounts.push(chunks);
  }
  const result = {
    page: PAGES[2].path,
    ttfbMs: roundTo(computeMedian(firsts), 1),
    ttlbMs: roundTo(computeMedian(lasts), 1),
    chunks: computeMedian(chunkCounts),
  };
  log(`streaming: ${JSON.stringify(result)}`);
  return result;
}
