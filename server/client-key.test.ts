import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../tests/fuzz-runs";
import { UNKNOWN_CLIENT_KEY, readClientKey, toClientKey } from "./client-key.server";

const FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 2000);
const group = fc.integer({ min: 0, max: 0xffff });
const groups = (length: number) => fc.array(group, { minLength: length, maxLength: length });

/** Every way one address may be written: full, short groups, upper case, each run of zeros as `::`. */
function writeIpv6(all: readonly number[], style: { upper: boolean; pad: boolean; compress: number }): string {
  const text = all.map((g) => (style.pad ? g.toString(16).padStart(4, "0") : g.toString(16)));
  const runs: Array<[number, number]> = [];
  for (let start = 0; start < 8; start++) {
    if (all[start] !== 0) continue;
    let end = start;
    while (end < 8 && all[end] === 0) end++;
    runs.push([start, end]);
    start = end;
  }
  const run = runs.length === 0 ? null : runs[style.compress % runs.length]!;
  const written = run ? `${text.slice(0, run[0]).join(":")}::${text.slice(run[1]).join(":")}` : text.join(":");
  return style.upper ? written.toUpperCase() : written;
}
const style = fc.record({ upper: fc.boolean(), pad: fc.boolean(), compress: fc.nat(8) });

describe("toClientKey: IPv4 per address, IPv6 per /64", () => {
  it("gives every address of one /64, in any spelling, the same key", () => {
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), style, style, (prefix, a, b, styleA, styleB) => {
        fc.pre(!(prefix.every((g) => g === 0) && a[0] === 0 && a[1] === 0xffff));
        fc.pre(!(prefix.every((g) => g === 0) && b[0] === 0 && b[1] === 0xffff));
        const keyA = toClientKey(writeIpv6([...prefix, ...a], styleA));
        expect(keyA).toMatch(/^ipv6:[0-9a-f]{4}(?::[0-9a-f]{4}){3}::\/64$/);
        expect(toClientKey(writeIpv6([...prefix, ...b], styleB))).toBe(keyA);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("gives different /64s different keys", () => {
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), style, (prefixA, prefixB, suffix, spelling) => {
        fc.pre(prefixA.join() !== prefixB.join());
        expect(toClientKey(writeIpv6([...prefixA, ...suffix], spelling))).not.toBe(
          toClientKey(writeIpv6([...prefixB, ...suffix], spelling)),
        );
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("counts IPv4 per address, and IPv4-mapped IPv6 as that IPv4 address", () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.ipV4(), (a, b) => {
        const [w, x, y, z] = a.split(".").map(Number) as [number, number, number, number];
        const hex = `${((w << 8) | x).toString(16)}:${((y << 8) | z).toString(16)}`;
        for (const mapped of [`::ffff:${a}`, `::FFFF:${hex}`, `0:0:0:0:0:ffff:${a}`, `[::ffff:${a}]`]) {
          expect(toClientKey(mapped)).toBe(toClientKey(a));
        }
        expect(toClientKey(a) === toClientKey(b)).toBe(a === b);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("gives text that is not an address the one shared key", () => {
    for (const text of ["", "unknown", "1.2.3.256", "1:2:3:4:5:6:7:8:9", "1::2::3", "::ffff:1.2.3", "12345::"]) {
      expect(toClientKey(text)).toBe(UNKNOWN_CLIENT_KEY);
    }
    expect(toClientKey("fe80::1%eth0")).toBe("ipv6:fe80:0000:0000:0000::/64");
  });

  it("reads CF-Connecting-IP, then X-Real-IP", () => {
    const request = (headers: Record<string, string>) => new Request("https://vpf.test/", { headers });
    expect(readClientKey(request({ "cf-connecting-ip": "2001:DB8::1", "x-real-ip": "192.0.2.1" }))).toBe(
      "ipv6:2001:0db8:0000:0000::/64",
    );
    expect(readClientKey(request({ "x-real-ip": "192.0.2.1" }))).toBe("ipv4:192.0.2.1");
    expect(readClientKey(request({}))).toBe(UNKNOWN_CLIENT_KEY);
  });
});
