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

/** What disables a button: the `disabled` attribute, or only `aria-disabled` before hydration. */
export type DisabledProps = { disabled?: boolean; "aria-disabled"?: true };

/**
 * Disabling that keeps early presses (rule 10.2): once hydrated, `disabled`;
 * until then the button is only drawn disabled (`aria-disabled`), so a press
 * on it is recorded and replayed against the real state.
 */
export function useDisabledProps(): (disabled: boolean) => DisabledProps {
  const hydrated = useHydrated();
  return (disabled) => (hydrated ? { disabled } : { "aria-disabled": disabled ? true : undefined });
}
