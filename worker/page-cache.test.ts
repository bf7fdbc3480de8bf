import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../tests/fuzz-runs";
import { findOffsets } from "./page-cache";

const encoder = new TextEncoder();

describe("findOffsets", () => {
  it("finds every nonce in a page, in order, including around multi-byte text", () => {
    const page = encoder.encode('<script nonce="abc">x</script><p>€ ❤️</p><script nonce="abc">y</script>abcab');
    const text = new TextDecoder().decode(page);
    const offsets = findOffsets(page, encoder.encode("abc"));
    expect(offsets).toHaveLength(3);
    for (const offset of offsets) expect(new TextDecoder().decode(page.subarray(offset, offset + 3))).toBe("abc");
    expect(text.split("abc")).toHaveLength(4);
  });

  it("agrees with a plain search on the decoded text for any ASCII page and needle", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", "<", '"') }),
        fc.string({ unit: fc.constantFrom("a", "b"), minLength: 1, maxLength: 3 }),
        (page, needle) => {
          const expected: number[] = [];
          for (let at = page.indexOf(needle); at !== -1; at = page.indexOf(needle, at + needle.length))
            expected.push(at);
          expect(findOffsets(encoder.encode(page), encoder.encode(needle))).toEqual(expected);
        },
      ),
      { numRuns: readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 500) },
    );
  });
});
