/** What the brand font keeps (rule 10.3), one list for the cut and `@font-face`; other characters use the fallback. */

/** Unicode code point ranges kept, inclusive: `[first, last]`. */
export const FONT_SUBSET_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x00ff], // Latin-1 Supplement: accents, ©, ·, ×, ²
  [0x2010, 0x2027], // dashes, quotes, bullets, ellipsis
  [0x2030, 0x203a], // per mille, primes, angle quotes
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // ← ↑ → ↓
  [0x2212, 0x2212], // minus sign
];

/** The weights the site's CSS uses, as the variable font's `wght` axis range. */
export const FONT_WEIGHT_RANGE = { min: 400, max: 800 } as const;

/** The ranges as a CSS `unicode-range` value, e.g. `U+0020-007E,U+20AC`. */
export function formatUnicodeRange(ranges: ReadonlyArray<readonly [number, number]> = FONT_SUBSET_RANGES): string {
  const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, "0");
  return ranges.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(",");
}

/** Every character of the ranges, as one string (what the subsetter is asked to keep). */
export function listSubsetCharacters(ranges: ReadonlyArray<readonly [number, number]> = FONT_SUBSET_RANGES): string {
  let text = "";
  for (const [first, last] of ranges) {
    for (let codePoint = first; codePoint <= last; codePoint++) text += String.fromCodePoint(codePoint);
  }
  return text;
}

/** Whether a code point is kept. */
export function isInFontSubset(codePoint: number): boolean {
  return FONT_SUBSET_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);
}
