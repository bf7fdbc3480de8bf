import fc from "fast-check";
import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../tests/fuzz-runs";
import { isBotUserAgent } from "./bots";

const FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 50);

const AGENTS = [
  "",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  "curl/8.5.0",
  `Mozilla/5.0 ${"x".repeat(600)} bingbot/2.0`,
];

describe("isBotUserAgent", () => {
  it("answers as isbot does, the first time and every time after", () => {
    for (let round = 0; round < 3; round++) {
      for (const agent of AGENTS) expect(isBotUserAgent(agent)).toBe(isbot(agent));
    }
  });

  it("keeps answering as isbot does when far more agents pass than it remembers", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...AGENTS), fc.string({ maxLength: 40 })), { maxLength: 600 }),
        (agents) => {
          for (const agent of agents) expect(isBotUserAgent(agent)).toBe(isbot(agent));
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
  });
});
