/**
 * `useHydrationMarker()`: once React has hydrated the calling component, sets
 * `data-hydrated="true"` on `<html>`, so end-to-end tests (and anyone
 * debugging) can tell when controls stop acting natively and start running
 * their code (rule 6.5: before hydration a form submits as plain HTML). The
 * server never renders the attribute, so it cannot be there before hydration.
 * The same moment is a User Timing mark, `HYDRATION_MARK`, which the bench
 * reads to measure first paint to hydrated.
 */
import { useEffect } from "react";

/** The attribute set on `<html>` after hydration. */
export const HYDRATION_MARKER_ATTRIBUTE = "data-hydrated";

/** The User Timing mark made at hydration (ms since navigation start in its `startTime`). */
export const HYDRATION_MARK = "vpf:hydrated";

/** Marks the document as hydrated from an effect (effects never run on the server). */
export function useHydrationMarker(): void {
  useEffect(() => {
    performance.mark(HYDRATION_MARK);
    document.documentElement.setAttribute(HYDRATION_MARKER_ATTRIBUTE, "true");
  }, []);
}
