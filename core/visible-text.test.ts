import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../tests/fuzz-runs";
import { escapeHiddenCharacters, quoteVisitorText } from "./visible-text";

const FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 2000);

/** Every character the operator must see written out: C0, DEL, C1, bidi, line separators. */
// eslint-disable-next-line no-control-regex -- the test looks for exactly these characters.
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** Characters up to the bidi isolates, where every hidden one lives, and the backslash often. */
const character = fc.oneof(
  fc.integer({ min: 0, max: 0x206f }).map((code) => String.fromCharCode(code)),
  fc.constantFrom("\\", "\u001b", "\r", "\n"),
);

describe("escapeHiddenCharacters", () => {
  it("writes terminal escapes, bare CR and bidi overrides visibly", () => {
    expect(escapeHiddenCharacters("\u001b[2J\u001b]8;;https://evil.test\u0007x\u001b]52;c;ZXZpbA==\u0007")).toBe(
      "\\u001b[2J\\u001b]8;;https://evil.test\\u0007x\\u001b]52;c;ZXZpbA==\\u0007",
    );
    expect(escapeHiddenCharacters("ok\rFAKE \u202eabc \u009b1m")).toBe("ok\\u000dFAKE \\u202eabc \\u009b1m");
    expect(escapeHiddenCharacters("a\\u001b")).toBe("a\\\\u001b");
    expect(escapeHiddenCharacters("two\nlines\r\n", { keepLineFeeds: true })).toBe("two\nlines\\u000d\n");
  });

  it("leaves no hidden character in any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: character, maxLength: 40 }), (text) => {
        expect(HIDDEN.test(escapeHiddenCharacters(text))).toBe(false);
        expect(escapeHiddenCharacters(text, { keepLineFeeds: true }).replaceAll("\n", "")).not.toMatch(HIDDEN);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("quotes a one-line field so it cannot end its line", () => {
    expect(quoteVisitorText('Ada\nFrom: "x"')).toBe('"Ada\\u000aFrom: \\"x\\""');
  });
});
