/** Visitor text shown to the operator (rule 6.6), escaped so it cannot drive a terminal or reorder what is read. */

/** Controls, bidi marks, line separators, and the backslash so a typed escape cannot pass for one written here. */
const HIDDEN_CHARACTERS = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\\]/gu;

/** Writes hidden characters as `\u001b` and a backslash as `\\`; `keepLineFeeds` leaves `\n` (not `\r`). */
export function escapeHiddenCharacters(text: string, options: { keepLineFeeds?: boolean } = {}): string {
  return text.replace(HIDDEN_CHARACTERS, (character) => {
    if (character === "\\") return "\\\\";
    if (character === "\n" && options.keepLineFeeds) return character;
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/** A one-line field quoted and escaped, so it cannot end its line or pass for a header line. */
export function quoteVisitorText(text: string): string {
  return `"${escapeHiddenCharacters(text).replaceAll('"', '\\"')}"`;
}
