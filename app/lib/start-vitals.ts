/**
 * The field-data switch (rule 8.5): the only part of it in the first load.
 * The shell calls `startVitals` once the page is idle after hydration; a
 * sampled visit then loads the client (`report-vitals.ts` with
 * `web-vitals/attribution`) in its own chunk, and every other visit loads
 * nothing at all.
 */

let decided = false;

/**
 * Decides once per document whether this visit reports its Web Vitals and,
 * if so, loads and starts the client. Later calls do nothing.
 *
 * @param sampleRate the share of visits that report, 0..1 (root data `vitalsSampleRate`).
 * @returns whether this call started the client.
 */
export function startVitals(sampleRate: number): boolean {
  // The literal lets the server build leave the client and web-vitals out.
  if (import.meta.env.SSR || decided) return false;
  decided = true;
  if (!(Math.random() < sampleRate)) return false;
  // A failed chunk load costs this visit's field data only.
  void import("./report-vitals").then((client) => client.reportVitals()).catch(() => undefined);
  return true;
}
