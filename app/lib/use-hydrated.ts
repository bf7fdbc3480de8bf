/**
 * `useHydrated()`: false on the server and while hydrating, true once React
 * has taken over the element in the browser.
 */
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** Whether this component is running hydrated in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
