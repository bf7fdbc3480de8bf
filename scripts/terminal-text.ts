/**
 * What the operator CLIs print, made harmless for a terminal: a stored or remote value (a KV flag, a database row,
 * an API's answer) could carry escape sequences that retitle the window, clear the screen or hide text, or bidi
 * controls that reorder a line. Every CLI prints through `terminal`, so none prints such a character raw.
 */

/**
 * Every control (C0, DEL and C1: ESC and CSI start every escape sequence), bidi marks, embeddings, overrides and
 * isolates, and the Unicode line and paragraph separators.
 */
const TERMINAL_CONTROLS = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;

/**
 * `text` with every character of TERMINAL_CONTROLS but tab and line feed written as a visible escape (ESC as
 * `\u001b`, a carriage return as `\u000d`); everything else stays, backslashes included.
 */
export function escapeTerminalText(text: string): string {
  return text.replace(TERMINAL_CONTROLS, (character) =>
    character === "\n" || character === "\t"
      ? character
      : `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** Where a CLI prints: standard output (`log`) and standard error (`warn`, `error`). */
export interface TerminalOutput {
  log(text: string): void;
  warn(text: string): void;
  error(text: string): void;
}

/** The console, each line through `escapeTerminalText`. */
export const terminal: TerminalOutput = {
  log: (text) => console.log(escapeTerminalText(text)),
  warn: (text) => console.warn(escapeTerminalText(text)),
  error: (text) => console.error(escapeTerminalText(text)),
};
