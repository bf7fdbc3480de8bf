/** The bench's budgets, which every report checks its figures against (bench/README.md explains each). */
export const BUDGETS = {
  /** Full render (page cache off) / static. */
  throughputRatio: 0.75,
  /** Page-cache hit / static. */
  cachedThroughputRatio: 0.95,
  jsContentKb: 100,
  jsStoreKb: 100,
  /** A page's response on the wire (status line, headers, gzip body), in bytes: one initial congestion window (RFC 6928). */
  htmlWireBytes: 14_600,
  /** An article's response on the wire, in bytes: two windows (rule 10.3; the worker test checks what the first holds). */
  articleWireBytes: 29_200,
  /** First contentful paint to hydration under Slow 4G and 4× CPU over HTTP/1.1, in ms. */
  paintToHydratedMs: 600,
  lighthousePerformance: 100,
  /** Points below `lighthousePerformance` allowed on at most one page (HTTP/1.1). */
  lighthousePerformanceSlack: 1,
  lcpMs: 1200,
  /** Lighthouse's time to interactive (simulated mobile), in ms. */
  ttiMs: 1600,
  lighthouseAccessibility: 100,
  lighthouseBestPractices: 100,
  lighthouseSeo: 100,
  cls: 0.01,
  tbtMs: 50,
  /** Lighthouse performance over HTTPS + HTTP/2, on every one of the five pages (no slack). */
  http2Performance: 100,
  /** Lighthouse's simulated LCP over HTTPS + HTTP/2, in ms. */
  http2LcpMs: 1000,
  /** Observed first contentful paint to hydration in throttled Chromium over HTTP/2, in ms, on every page. */
  observedPaintToHydratedMs: 600,
  /** Observed LCP over the LCP of the page's zero-JavaScript copy, on every page: scripts may cost no paint. */
  observedLcpRatio: 1.05,
};
