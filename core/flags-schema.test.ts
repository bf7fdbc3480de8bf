import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../tests/fuzz-runs";
import { DEFAULT_FLAGS, FLAG_NAMES, parseFlagAssignments, parseStoredFlags } from "./flags-schema";

const STORED_FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 2000);
const ROUND_TRIP_FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 100);

describe("parseStoredFlags", () => {
  it("a missing key gives the defaults without a problem", () => {
    expect(parseStoredFlags(null)).toEqual({ flags: DEFAULT_FLAGS });
  });

  it("a valid partial value keeps the given flags and defaults the rest", () => {
    expect(parseStoredFlags('{"store":false,"holdingPage":true}')).toEqual({
      flags: { ...DEFAULT_FLAGS, store: false, holdingPage: true },
    });
  });

  it("reports text that is not JSON", () => {
    const reading = parseStoredFlags("{oops");
    expect(reading.flags).toEqual(DEFAULT_FLAGS);
    expect(reading.problem).toBe("value is not JSON");
  });

  it("keeps valid flags when another one has the wrong type", () => {
    const reading = parseStoredFlags('{"contact":false,"cta":"off"}');
    expect(reading.flags).toEqual({ ...DEFAULT_FLAGS, contact: false });
    expect(reading.problem).toContain("cta");
  });

  it("never throws and always returns five booleans, whatever the text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constant(null)), (raw) => {
        const { flags } = parseStoredFlags(raw);
        expect(Object.keys(flags).sort()).toEqual([...FLAG_NAMES].sort());
        for (const value of Object.values(flags)) expect(typeof value).toBe("boolean");
      }),
      { numRuns: STORED_FUZZ_RUNS },
    );
  });

  it("round-trips any complete set of flags", () => {
    const flagsArb = fc.record(Object.fromEntries(FLAG_NAMES.map((name) => [name, fc.boolean()])));
    fc.assert(
      fc.property(flagsArb, (flags) => {
        expect(parseStoredFlags(JSON.stringify(flags))).toEqual({ flags });
      }),
      { numRuns: ROUND_TRIP_FUZZ_RUNS },
    );
  });
});

describe("parseFlagAssignments", () => {
  it("reads name=true|false pairs", () => {
    expect(parseFlagAssignments(["store=false", "holdingPage=true"])).toEqual({ store: false, holdingPage: true });
  });

  it.each(["store", "store=yes", "shop=false", "=true", "store=False"])("refuses %s", (arg) => {
    expect(() => parseFlagAssignments([arg])).toThrow(/expected name=true or name=false/);
  });
});
