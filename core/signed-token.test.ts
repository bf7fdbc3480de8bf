import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../tests/fuzz-runs";
import { generateSigningKey, importSigningKey, signToken, verifyToken } from "./signed-token";

const PayloadSchema = v.strictObject({ reference: v.string(), lines: v.array(v.number()) });
const FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 300);

describe("signed tokens", () => {
  it("verify with the key that signed them and give the payload back", async () => {
    const key = await importSigningKey("unit-tests-order-signing-secret-0123456789");
    const payload = { reference: "VPF-0A1B2C3D", lines: [1, 2] };
    expect(await verifyToken(key, await signToken(key, payload), PayloadSchema)).toEqual(payload);
  });

  it("refuse another key, a payload that fails the schema, and nothing at all", async () => {
    const key = await generateSigningKey();
    const other = await generateSigningKey();
    const token = await signToken(key, { reference: "x", lines: [] });
    expect(await verifyToken(other, token, PayloadSchema)).toBeNull();
    expect(await verifyToken(key, await signToken(key, { reference: 1 }), PayloadSchema)).toBeNull();
    for (const nothing of [null, undefined, "", ".", "a.b.c", "x".repeat(20_000)]) {
      expect(await verifyToken(key, nothing, PayloadSchema)).toBeNull();
    }
  });

  it("refuse any one-character change", async () => {
    const key = await generateSigningKey();
    const token = await signToken(key, { reference: "VPF-0A1B2C3D", lines: [3] });
    await fc.assert(
      fc.asyncProperty(fc.nat(token.length - 1), fc.constantFrom(..."AZaz09-_.x"), async (at, char) => {
        fc.pre(token[at] !== char);
        const changed = `${token.slice(0, at)}${char}${token.slice(at + 1)}`;
        expect(await verifyToken(key, changed, PayloadSchema)).toBeNull();
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});
