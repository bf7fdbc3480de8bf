/** The field-data switch (rule 8.5): the only part of it in the first load; unsampled visits load nothing. */

let decided = false;

/** Samples this visit once per document (`sampleRate` 0..1) and starts the client; true when it did. */
export function startVitals(sampleRate: number): boolean {
  // The literal lets the server build leave the client and web-vitals out.
  if (import.meta.env.SSR || decided) return false;
  decided = true;
  if (!(Math.random() < sampleRate)) return false;
  // A failed chunk load costs this visit's field data only.
  void import("./report-vitals").then((client) => client.reportVitals()).catch(() => undefined);
  return true;
}
