/**
 * `useIdle()`: false during server rendering and hydration, true once the
 * browser is idle (or after 1.5 s at most). Code that is not needed for the
 * first paint (toasts, the cart badge, accounts) waits for it.
 */
import { useEffect, useState } from "react";

/** Whether the page has gone idle since hydration. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 1500 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(handle);
  }, []);
  return idle;
}
