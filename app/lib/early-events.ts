/**
 * Nothing a visitor does before hydration is lost (docs/product-rules.md
 * rule 10.2). The page is painted before its JavaScript has run; in between,
 * links, forms and the menu (`<details>`) work natively, but buttons and
 * controlled inputs do not, and hydration resets controlled inputs to what
 * the server rendered.
 *
 * `EARLY_EVENTS_SCRIPT`, inline and nonce'd in the `<head>` (about 0.7 kB),
 * records until hydration, in the pattern of event-dispatch libraries
 * (JSAction): the value typed into each text input (by `id`), the radio
 * chosen in each group (by `name`), and clicks on buttons that do not submit
 * a form (by their accessible name and its occurrence, else their position).
 * `replayEarlyEvents()` runs once, just after hydration: it puts each value
 * and choice back through React's own change handling, waits a frame for the
 * new state to render, then clicks each recorded button once, in order.
 */

/** The global the inline script writes and the replay empties. */
const LOG_KEY = "__vpfEarlyEvents";

/**
 * What the inline script records: text values by input id, radio values by
 * group name, and each clicked button as its name (`aria-label`, else its
 * text), how many buttons of that name come before it, and its position
 * among all buttons (used when hydration renamed it, e.g. the theme toggle
 * learning which theme it switches to).
 */
export interface EarlyEvents {
  values: Record<string, string>;
  radios: Record<string, string>;
  clicks: Array<[name: string, occurrence: number, position: number]>;
}

/**
 * The inline capture script. Stops recording as soon as `<html>` carries
 * `data-hydrated` (set by the shell once React has hydrated).
 */
export const EARLY_EVENTS_SCRIPT = `(function(){var d=document,h=d.documentElement,l=window.${LOG_KEY}={values:{},radios:{},clicks:[]};function on(t,f){d.addEventListener(t,function(e){if(!h.hasAttribute("data-hydrated")&&window.${LOG_KEY}===l)f(e.target)},true)}function k(b){return(b.getAttribute("aria-label")||b.textContent||"").trim()}on("click",function(t){var b=t&&t.closest&&t.closest("button");if(!b||(b.type==="submit"&&b.form))return;var n=0,a=d.getElementsByTagName("button");for(var i=0;i<a.length&&a[i]!==b;i++)if(k(a[i])===k(b))n++;l.clicks.push([k(b),n,i])});on("input",function(t){if(t&&t.tagName==="INPUT"&&t.type!=="radio"&&t.type!=="checkbox"&&t.id)l.values[t.id]=t.value});on("change",function(t){if(t&&t.tagName==="INPUT"&&t.type==="radio"&&t.checked&&t.name)l.radios[t.name]=t.value})})();`;

declare global {
  interface Window {
    [LOG_KEY]?: EarlyEvents | null;
  }
}

/** A button's name as the inline script reads it. */
function nameOf(button: HTMLButtonElement): string {
  return (button.getAttribute("aria-label") || button.textContent || "").trim();
}

const nativeValueSetter = () => Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;

/** Sets a text input so that React's change tracking sees a change, then lets React hear it. */
function restoreValue(input: HTMLInputElement, value: string): void {
  input.value = value === "" ? " " : ""; // through React's tracker: it now remembers a different value
  nativeValueSetter()?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
}

/** Chooses a radio so that React's change tracking sees a change. */
function restoreRadio(input: HTMLInputElement): void {
  input.checked = false; // through React's tracker
  input.click();
}

/**
 * Replays what the visitor did before hydration, once; later calls do
 * nothing. Never throws: a control that is gone is skipped.
 *
 * @returns the number of values, choices and clicks replayed.
 */
export async function replayEarlyEvents(): Promise<number> {
  const log = window[LOG_KEY];
  window[LOG_KEY] = null;
  if (!log) return 0;
  let replayed = 0;
  for (const [name, value] of Object.entries(log.radios)) {
    const radio = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
      (input) => input.name === name && input.value === value,
    );
    if (radio && !radio.disabled) {
      restoreRadio(radio);
      replayed++;
    }
  }
  for (const [id, value] of Object.entries(log.values)) {
    const input = document.getElementById(id);
    if (input instanceof HTMLInputElement && !input.disabled) {
      restoreValue(input, value);
      replayed++;
    }
  }
  if (log.clicks.length === 0) return replayed;
  // Let React render the restored state before the buttons act on it.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  for (const [name, occurrence, position] of log.clicks) {
    const buttons = [...document.getElementsByTagName("button")];
    const button = buttons.filter((candidate) => nameOf(candidate) === name)[occurrence] ?? buttons[position];
    if (button && !button.disabled) {
      button.click();
      replayed++;
    }
  }
  return replayed;
}
