/** Logs what a visitor does before hydration (rule 10.2); `app/lib/early-events.ts` closes the log and replays it. */
import { applyTheme } from "./apply-theme";

/**
 * One action: a field's text (one entry per run of keystrokes), the radio chosen in a group, or a press on a button
 * that submits no form, by name, same-named buttons before it, and index among all buttons (in case hydration renames).
 */
export type EarlyEvent =
  | [kind: "value", id: string, text: string]
  | [kind: "radio", name: string, value: string]
  | [kind: "click", name: string, occurrence: number, position: number];

/**
 * The state on `window[logKey]`: `open` until hydration starts; `typing` until the replay ends, as a field's latest
 * text is set, not added, so keys typed while React attaches are kept without being counted twice.
 */
export interface EarlyCapture {
  log: EarlyEvent[];
  open: boolean;
  typing: boolean;
}

/** A button's name, read as the replay reads it. */
function nameOf(button: Element): string {
  return (button.getAttribute("aria-label") || button.textContent || "").trim();
}

/** Logs to a new `window[logKey]`, capturing so the page cannot hide events; the theme toggle acts now, unlogged. */
export default function captureEarlyEvents(logKey: string, themeStorageKey: string): void {
  const capture: EarlyCapture = { log: [], open: true, typing: true };
  (window as unknown as Record<string, EarlyCapture>)[logKey] = capture;
  const log = capture.log;

  function on(type: string, record: (target: EventTarget | null) => void): void {
    document.addEventListener(
      type,
      (event) => {
        if (type === "input" ? capture.typing : capture.open) record(event.target);
      },
      true,
    );
  }

  on("click", (target) => {
    const button = target && (target as Element).closest && (target as Element).closest("button");
    if (!button || (button.type === "submit" && button.form)) return;
    if (button.hasAttribute("data-theme-toggle")) {
      const next = document.documentElement.classList.contains("dark") ? "light" : "dark";
      applyTheme(next);
      try {
        localStorage.setItem(themeStorageKey, next);
      } catch {
        // Saving refused: the choice lasts for this page (rule 7.1).
      }
      return;
    }
    const name = nameOf(button);
    const buttons = document.getElementsByTagName("button");
    let occurrence = 0;
    let position = 0;
    for (; position < buttons.length && buttons[position] !== button; position++) {
      if (nameOf(buttons[position]!) === name) occurrence++;
    }
    log.push(["click", name, occurrence, position]);
  });

  on("input", (target) => {
    const field = target as HTMLInputElement | null;
    if (
      !field ||
      !field.id ||
      (field.tagName !== "TEXTAREA" &&
        (field.tagName !== "INPUT" || field.type === "radio" || field.type === "checkbox"))
    ) {
      return;
    }
    const last = log[log.length - 1];
    if (last && last[0] === "value" && last[1] === field.id) last[2] = field.value;
    else log.push(["value", field.id, field.value]);
  });

  on("change", (target) => {
    const radio = target as HTMLInputElement | null;
    if (radio && radio.tagName === "INPUT" && radio.type === "radio" && radio.checked && radio.name) {
      log.push(["radio", radio.name, radio.value]);
    }
  });
}
