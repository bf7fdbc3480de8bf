/**
 * Marks `<html>` once hydrated, so end-to-end tests can tell when controls stop acting natively (rule 6.5);
 * the bench reads the matching User Timing mark.
 */
import { useEffect } from "react";

/** The attribute set on `<html>` after hydration. */
export const HYDRATION_MARKER_ATTRIBUTE = "data-hydrated";

/** The User Timing mark made at hydration (`startTime` in ms since navigation start). */
export const HYDRATION_MARK = "vpf:hydrated";

/** Marks the document as hydrated from an effect (effects never run on the server). */
export function useHydrationMarker(): void {
  useEffect(() => {
    performance.mark(HYDRATION_MARK);
    document.documentElement.setAttribute(HYDRATION_MARKER_ATTRIBUTE, "true");
  }, []);
}
