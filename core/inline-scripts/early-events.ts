/** Logs what a visitor does before hydration (rule 10.2); `app/lib/early-events.ts` closes the log and replays it. */
import { applyTheme } from "./apply-theme";

/**
 * One action: a field's text (one entry per run of keystrokes), the radio chosen in a group, or a press on a button
 * that submits no form, by name, same-named buttons before it, and index among all buttons (in case hydration renames),
 * with the fields of a form that keeps its state (`KEEPS_STATE`) as they were at the press.
 */
export type EarlyEvent =
  | [kind: "value", id: string, text: string]
  | [kind: "radio", name: string, value: string]
  | [kind: "click", name: string, occurrence: number, position: number, fields?: Array<[string, string]>];

/**
 * A form whose choices the browser keeps before hydration (rule 10.2): its radios are not recorded, as the page reads
 * them when it hydrates; its step buttons (`data-step`, ±1, on the field named by `data-step-field`) step that field
 * here until the page marks the form `data-live`, up to the chosen radio's `data-max` (else the field's `max`);
 * choosing a radio puts fields marked `data-choice-resets` back to their first value.
 */
const KEEPS_STATE = "form[data-keeps-state]";

/**
 * A button pressed once per line (Add to Cart): its value names the form field that tells lines apart (the size).
 * Pressed before hydration, the button is marked `PRESSED` at once, so it shows the press was taken; a press for a
 * line already waiting is not recorded.
 */
export const ONCE = "data-early-once";

/** Marks a button whose early press waits for the page; the replay removes it. */
export const PRESSED = "data-early-pressed";

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

/** Steps and resets the fields of forms that keep their state (`KEEPS_STATE`) until the page takes them over. */
function keepFormState(): void {
  /** The form keeping `target`'s state, while the page has not taken it over. */
  function keptForm(target: EventTarget | null): HTMLFormElement | null {
    const form = target && (target as Element).closest && (target as Element).closest<HTMLFormElement>(KEEPS_STATE);
    return form && !form.hasAttribute("data-live") ? form : null;
  }

  // Never closed, and first on the document, so the page's own handler cannot count a step twice while it hydrates.
  document.addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element | null)?.closest?.("button[data-step]");
      const form = keptForm(button ?? null);
      const field =
        form && (form.elements.namedItem(button!.getAttribute("data-step-field") || "") as HTMLInputElement);
      if (!field || field.tagName !== "INPUT") return;
      event.stopImmediatePropagation();
      const min = Number(field.min) || 1;
      // The chosen radio's most, read here rather than set on the field: hydration must find the attributes it sent.
      const chosen = form!.querySelector("input[type=radio][data-max]:checked");
      const limit = chosen ? chosen.getAttribute("data-max")! : field.max;
      const max = limit === "" ? Infinity : Number(limit);
      const next = (Math.trunc(Number(field.value)) || min) + Number(button!.getAttribute("data-step"));
      field.value = String(Math.max(min, Math.min(max, next)));
    },
    true,
  );

  document.addEventListener(
    "change",
    (event) => {
      const radio = event.target as HTMLInputElement;
      const form = radio && radio.type === "radio" ? keptForm(radio) : null;
      if (!form) return;
      for (const field of form.querySelectorAll<HTMLInputElement>("[data-choice-resets]")) {
        field.value = field.defaultValue;
      }
    },
    true,
  );
}

/** Switches the theme at once and saves the choice under `themeStorageKey`, as the hydrated toggle does. */
function toggleTheme(themeStorageKey: string): void {
  const next = document.documentElement.classList.contains("dark") ? "light" : "dark";
  applyTheme(next);
  try {
    localStorage.setItem(themeStorageKey, next);
  } catch {
    // Saving refused: the choice lasts for this page (rule 7.1).
  }
}

/** The button's place: how many buttons named `name` come before it, and its index among all the page's buttons. */
function locateButton(button: HTMLButtonElement, name: string): { occurrence: number; position: number } {
  const buttons = document.getElementsByTagName("button");
  let occurrence = 0;
  let position = 0;
  for (; position < buttons.length && buttons[position] !== button; position++) {
    if (nameOf(buttons[position]!) === name) occurrence++;
  }
  return { occurrence, position };
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

  keepFormState();

  on("click", (target) => {
    const button = target && (target as Element).closest && (target as Element).closest("button");
    if (!button || (button.type === "submit" && button.form)) return;
    if (button.hasAttribute("data-theme-toggle")) {
      toggleTheme(themeStorageKey);
      return;
    }
    const name = nameOf(button);
    const { occurrence, position } = locateButton(button, name);
    const form = button.closest<HTMLFormElement>(KEEPS_STATE);
    if (form) {
      const fields: Array<[string, string]> = [];
      new FormData(form).forEach((value, key) => fields.push([key, String(value)]));
      const once = button.getAttribute(ONCE);
      if (once !== null) {
        // A second press for the same line while the first waits for the page adds nothing (rule 10.2).
        const lineOf = (entry: Array<[string, string]>) => (entry.find(([key]) => key === once) || [once, ""])[1];
        const line = lineOf(fields);
        for (const entry of log) {
          if (entry[0] === "click" && entry[1] === name && entry[2] === occurrence && lineOf(entry[4] || []) === line) {
            return;
          }
        }
        button.setAttribute(PRESSED, "");
      }
      log.push(["click", name, occurrence, position, fields]);
    } else log.push(["click", name, occurrence, position]);
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
    if (
      radio &&
      radio.tagName === "INPUT" &&
      radio.type === "radio" &&
      radio.checked &&
      radio.name &&
      !radio.closest(KEEPS_STATE)
    ) {
      log.push(["radio", radio.name, radio.value]);
    }
  });
}
