/**
 * What a visitor does before hydration counts exactly once (rule 10.2). The inline script
 * `core/inline-scripts/early-events.ts` records presses until `closeEarlyCapture()` and a field's text until the
 * replay ends: keys typed while React attaches reach the field but not React's state. The theme toggle is not
 * recorded, as the script switches the theme at once. A press in a form that keeps its state is replayed on the
 * form's fields as they were when it was made. `replayEarlyEvents()` plays the log back once, in order.
 */
import { type EarlyCapture, type EarlyEvent, PRESSED } from "../../core/inline-scripts/early-events";

/** The global the inline script writes and the replay empties. */
export const EARLY_EVENTS_LOG_KEY = "__vpfEarlyEvents";

/** The User Timing mark made once the replay has finished. */
export const REPLAYED_MARK = "vpf:replayed";

declare global {
  interface Window {
    [EARLY_EVENTS_LOG_KEY]?: EarlyCapture | null;
  }
}

/** Stops the inline script recording presses; call right before `hydrateRoot`, or a press would count twice. */
export function closeEarlyCapture(): void {
  const capture = window[EARLY_EVENTS_LOG_KEY];
  if (capture) capture.open = false;
}

/** Resolves after the next task: React has rendered and committed what the last event changed. */
function waitForRender(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Sets the text so React hears a change: its value tracker is told of a different value first. */
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
  const [, name, occurrence, position, fields] = event;
  const buttons = [...document.getElementsByTagName("button")];
  const button =
    buttons.filter(
      (candidate) => (candidate.getAttribute("aria-label") || candidate.textContent || "").trim() === name,
    )[occurrence] ?? buttons[position];
  if (!button || button.disabled) return false;
  const form = fields && button.form;
  if (!form) {
    button.click();
    return true;
  }
  // The press acts on the choices shown when it was made; those made after it are put back once it has.
  const now: Array<[string, string]> = [];
  new FormData(form).forEach((value, key) => now.push([key, String(value)]));
  setFormFields(form, fields);
  button.click();
  setFormFields(form, now);
  return true;
}

/** Sets each named field (a radio group by its value) without events: the page reads them when a press is handled. */
function setFormFields(form: HTMLFormElement, fields: ReadonlyArray<readonly [string, string]>): void {
  for (const [name, value] of fields) {
    const field = form.elements.namedItem(name);
    if (field instanceof RadioNodeList || field instanceof HTMLInputElement) field.value = value;
  }
}

/**
 * Replays the log once, each action after React rendered the one before; a control gone or disabled by then is
 * skipped. Later calls do nothing. Never throws; marks `REPLAYED_MARK`. Returns the number of actions replayed.
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
  // The presses have been acted on: the page's own states (toasts, counts) take over from the early mark.
  for (const pressed of document.querySelectorAll(`[${PRESSED}]`)) pressed.removeAttribute(PRESSED);
  performance.mark(REPLAYED_MARK);
  return replayed;
}
