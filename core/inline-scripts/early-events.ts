/**
 * What a visitor does before hydration, recorded (rule 10.2): run inline in
 * `<head>`, with the request's nonce, until `closeEarlyCapture()` sets `open`
 * to false (`app/lib/early-events.ts`, which also plays the log back). The
 * build compiles it to a classic script (`scripts/vite-plugin-inline-script.ts`).
 */
import { applyTheme } from "./apply-theme";

/**
 * One recorded action:
 * - `["value", id, text]`: the text of an input or textarea (by `id`), once per run of keystrokes;
 * - `["radio", name, value]`: the radio chosen in a group;
 * - `["click", name, occurrence, position]`: a button that does not submit a form, by its
 *   name (`aria-label`, else its text), how many buttons of that name come before it, and its
 *   position among all buttons (used when hydration renamed it).
 */
export type EarlyEvent =
  | [kind: "value", id: string, text: string]
  | [kind: "radio", name: string, value: string]
  | [kind: "click", name: string, occurrence: number, position: number];

/** The script's state on `window[logKey]`: the log, and whether it still records. */
export interface EarlyCapture {
  log: EarlyEvent[];
  open: boolean;
}

/** A button's name: its `aria-label`, else its text, trimmed (the replay reads it the same way). */
function nameOf(button: Element): string {
  return (button.getAttribute("aria-label") || button.textContent || "").trim();
}

/**
 * Starts recording on `document` (capture phase, so nothing the page does can
 * hide an event) into a fresh `window[logKey]`. A press on the theme toggle
 * (`data-theme-toggle`) is not recorded: it switches and saves the theme at
 * once, as the hydrated button would.
 *
 * @param logKey the global the log is kept on (`__vpfEarlyEvents`).
 * @param themeStorageKey the `localStorage` key of the saved theme (`vpf-theme`).
 */
export default function captureEarlyEvents(logKey: string, themeStorageKey: string): void {
  const capture: EarlyCapture = { log: [], open: true };
  (window as unknown as Record<string, EarlyCapture>)[logKey] = capture;
  const log = capture.log;

  function on(type: string, record: (target: EventTarget | null) => void): void {
    document.addEventListener(
      type,
      (event) => {
        if (capture.open) record(event.target);
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
