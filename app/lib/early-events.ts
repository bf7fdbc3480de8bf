/**
 * What a visitor does before hydration counts exactly once (docs/product-rules.md
 * rule 10.2). Between the first paint and hydration, links, forms, uncontrolled
 * fields and the menu (`<details>`) work natively; buttons and controlled inputs
 * do not.
 *
 * The inline script `core/inline-scripts/early-events.ts`, nonce'd in the
 * `<head>`, records one ordered log. Presses stop being recorded when
 * `closeEarlyCapture()` runs (just before React starts hydrating; from then on
 * React handles what lands on the page itself); a field's text is recorded
 * until the replay ends, because keys typed while React attaches reach the
 * field but not React's state, and the replay would otherwise set the older
 * text over them. The theme toggle
 * is not recorded: the script switches the theme at once, as the hydrated
 * button would. `replayEarlyEvents()` then plays the log back once, in order,
 * and lets React render each step before the next acts on it.
 */
import type { EarlyCapture, EarlyEvent } from "../../core/inline-scripts/early-events";

/** The global the inline script writes and the replay empties. */
export const EARLY_EVENTS_LOG_KEY = "__vpfEarlyEvents";

/** The User Timing mark made once the replay has finished. */
export const REPLAYED_MARK = "vpf:replayed";

declare global {
  interface Window {
    [EARLY_EVENTS_LOG_KEY]?: EarlyCapture | null;
  }
}

/**
 * Stops the inline script recording presses. Called right before
 * `hydrateRoot`: from then on React handles every press itself (it hydrates
 * the target first), so recording as well would count a press twice.
 */
export function closeEarlyCapture(): void {
  const capture = window[EARLY_EVENTS_LOG_KEY];
  if (capture) capture.open = false;
}

/** A button's name as the inline script reads it. */
function nameOf(button: HTMLButtonElement): string {
  return (button.getAttribute("aria-label") || button.textContent || "").trim();
}

/** Resolves after the next task: React has rendered and committed what the last event changed. */
function waitForRender(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Makes React hear the field's text as a change (a controlled field holds its
 * pre-hydration state until then): the value tracker React keeps on the node
 * is told of a different value first, so the `input` event reads as a change.
 */
function restoreText(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  field.value = text === "" ? " " : "";
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, text);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
}

/** Chooses a radio so that React sees a change even when the DOM already shows it checked. */
function restoreRadio(radio: HTMLInputElement): void {
  radio.checked = false;
  radio.click();
}

/** Plays one recorded action on the hydrated page; false when its control is gone or disabled. */
function replayOne(event: EarlyEvent, capture: EarlyCapture): boolean {
  if (event[0] === "value") {
    const field = document.getElementById(event[1]);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.disabled) return false;
    // The replay's own input event is not the visitor's typing: recording it would add an entry to replay again.
    capture.typing = false;
    restoreText(field, event[2]);
    capture.typing = true;
    return true;
  }
  if (event[0] === "radio") {
    const [, name, value] = event;
    const radio = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
      (input) => input.name === name && input.value === value,
    );
    if (!radio || radio.disabled) return false;
    restoreRadio(radio);
    return true;
  }
  const [, name, occurrence, position] = event;
  const buttons = [...document.getElementsByTagName("button")];
  const button = buttons.filter((candidate) => nameOf(candidate) === name)[occurrence] ?? buttons[position];
  if (!button || button.disabled) return false;
  button.click();
  return true;
}

/**
 * Replays what the visitor did before hydration, once, in the order it was
 * done, each action after React has rendered the one before; later calls do
 * nothing. A field gets the latest text typed into it, read when its turn
 * comes. A control that is gone or disabled by then is skipped, as a press
 * on it after hydration would do nothing. Never throws. Marks `REPLAYED_MARK`.
 *
 * @returns the number of actions replayed.
 */
export async function replayEarlyEvents(): Promise<number> {
  const capture = window[EARLY_EVENTS_LOG_KEY];
  window[EARLY_EVENTS_LOG_KEY] = null;
  let replayed = 0;
  if (capture) {
    // A copy of the list, but the entries themselves: a field's text typed meanwhile still lands in its entry.
    for (const event of [...capture.log]) {
      await waitForRender();
      if (replayOne(event, capture)) replayed++;
    }
  }
  await waitForRender();
  if (capture) capture.typing = false;
  performance.mark(REPLAYED_MARK);
  return replayed;
}
