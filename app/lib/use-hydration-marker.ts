/**
 * `useHydrationMarker()`: once React has hydrated the calling component, sets
 * `data-hydrated="true"` on `<html>`, so end-to-end tests (and anyone
 * debugging) can tell when controls stop acting natively and start running
 * their code (rule 6.5: before hydration a form submits as plain HTML). The
 * server never renders the attribute, so it cannot be there before hydration.
 */
import { useEffect } from "react";

/** The attribute set on `<html>` after hydration. */
export const HYDRATION_MARKER_ATTRIBUTE = "data-hydrated";

/** Marks the document as hydrated from an effect (effects never run on the server). */
export function useHydrationMarker(): void {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATION_MARKER_ATTRIBUTE, "true");
  }, []);
}
