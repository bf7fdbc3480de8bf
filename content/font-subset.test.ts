import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FONT_SUBSET_RANGES, formatUnicodeRange, isInFontSubset, listSubsetCharacters } from "./font-subset";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Drawn by the system's emoji font whatever Inter holds: the heart in the footer and its variation selector. */
const EMOJI = new Set([0x2764, 0xfe0f]);

function listFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => pattern.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(ROOT, dir, name));
}

describe("font subset", () => {
  it("holds every character the articles, the catalogue and the interface show", () => {
    const files = [
      ...listFiles("content/articles", /\.md$/),
      ...listFiles("content", /^[^/]+\.ts$/),
      ...listFiles("app", /\.tsx?$/),
    ];
    const missing = new Map<string, string>();
    for (const file of files) {
      for (const character of readFileSync(file, "utf8")) {
        const codePoint = character.codePointAt(0)!;
        if (codePoint < 0x20 || EMOJI.has(codePoint) || isInFontSubset(codePoint)) continue;
        missing.set(`U+${codePoint.toString(16).toUpperCase()} ${character}`, path.relative(ROOT, file));
      }
    }
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it("announces exactly the characters it keeps", () => {
    expect(
      formatUnicodeRange([
        [0x20, 0x7e],
        [0x20ac, 0x20ac],
      ]),
    ).toBe("U+0020-007E,U+20AC");
    const kept = listSubsetCharacters();
    const expected = FONT_SUBSET_RANGES.reduce((sum, [first, last]) => sum + last - first + 1, 0);
    expect([...kept]).toHaveLength(expected);
    expect(kept).toContain("€");
    expect(isInFontSubset("€".codePointAt(0)!)).toBe(true);
    expect(isInFontSubset("Ω".codePointAt(0)!)).toBe(false);
  });
});
