/** The `/` key as a way to the search field on a keyboard (rule 3.8). */
import { useEffect, useEffectEvent } from "react";

/** Whether a key pressed on `target` is typing: in a field, an editable element or a select. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/**
 * Calls `focusSearch` when `/` is pressed outside a field, without a modifier, and keeps the `/` out of the field;
 * a `/` typed into a field stays the visitor's text.
 */
export function useSearchShortcut(focusSearch: () => void): void {
  const onSlash = useEffectEvent(focusSearch);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      onSlash();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
