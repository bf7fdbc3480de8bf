/** Hydration state for components, and button disabling that keeps early presses. */
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and while hydrating, true once React has taken over in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** What disables a button: the `disabled` attribute, or only `aria-disabled` before hydration. */
export type DisabledProps = { disabled?: boolean; "aria-disabled"?: true };

/** Only `aria-disabled` before hydration, so a press is recorded and replayed against the real state (rule 10.2). */
export function useDisabledProps(): (disabled: boolean) => DisabledProps {
  const hydrated = useHydrated();
  return (disabled) => (hydrated ? { disabled } : { "aria-disabled": disabled ? true : undefined });
}
