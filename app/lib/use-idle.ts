/** The moment code not needed for the first paint (toasts, the cart badge, accounts) may load. */
import { useEffect, useState } from "react";

/** False on the server and while hydrating; true once the browser is idle, or after 1500 ms at most. */
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
