/**
 * Visitor text shown to the operator (rule 6.6): in a terminal
 * (`npm run submissions`), a CSV export, or the owner's copy of a contact
 * message. Every character that could act instead of being read is written
 * as a visible escape, so a submission cannot move the cursor, rewrite a
 * line, set the clipboard (OSC 52), hide a link (OSC 8) or reorder what the
 * operator reads.
 */

/**
 * C0 and C1 controls and DEL (`\p{Cc}`), the bidi marks, embeddings,
 * overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E,
 * U+2066–U+2069), the line and paragraph separators (U+2028, U+2029), and
 * the backslash itself, so an escape a visitor typed cannot pass for one
 * written here.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\\]/gu;

/**
 * Writes every hidden character of `text` visibly: `\u001b` for ESC (four
 * hex digits, lower case), `\\` for a backslash; everything else unchanged.
 *
 * @param options.keepLineFeeds leave `\n` as a line break (multi-line fields
 *   such as a message; a bare `\r` is still escaped).
 */
export function escapeHiddenCharacters(text: string, options: { keepLineFeeds?: boolean } = {}): string {
  return text.replace(HIDDEN_CHARACTERS, (character) => {
    if (character === "\\") return "\\\\";
    if (character === "\n" && options.keepLineFeeds) return character;
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/**
 * A one-line field quoted for a plain-text notice: `"` around it, hidden
 * characters escaped and inner quotes written `\"`, so no visitor value can
 * end its line or look like a header line.
 */
export function quoteVisitorText(text: string): string {
  return `"${escapeHiddenCharacters(text).replaceAll('"', '\\"')}"`;
}
