import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_FLAGS } from "../../core/flags-schema";
import { readFlags } from "../../worker/flags";
import { kvReturning, putRawFlags, request, requestWithEnv } from "./helpers";

/** Calls the built worker with a `FLAGS` binding whose `get` misbehaves as given. */
function fetchWithKv(path: string, get: () => Promise<string | null>): Promise<Response> {
  return requestWithEnv(path, {}, { FLAGS: kvReturning(get), FLAGS_CACHE_TTL_MS: "0" });
}

function flagWarnings(spy: ReturnType<typeof vi.spyOn>): unknown[] {
  return spy.mock.calls
    .map((call: unknown[]) => String(call[0]))
    .filter((line: string) => line.includes('"flags.fallback"'))
    .map((line: string) => JSON.parse(line) as unknown);
}

describe("flags from KV", () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await putRawFlags(null);
  });

  it("a missing key gives the defaults without a warning", async () => {
    const warn = vi.spyOn(console, "warn");
    await putRawFlags(null);
    expect(await readFlags(env.FLAGS)).toEqual(DEFAULT_FLAGS);
    expect(flagWarnings(warn)).toHaveLength(0);
  });

  it("a KV that throws gives the defaults, status 200 and one structured warning", async () => {
    const warn = vi.spyOn(console, "warn");
    const response = await fetchWithKv("/", () => Promise.reject(new Error("KV is down")));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('href="/store"');
    expect(html).toContain('href="/newsletter"');
    const warnings = flagWarnings(warn);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: "warn", event: "flags.fallback" });
  });

  it.each([
    ["not JSON", "{store: false"],
    ["a JSON array", "[true, false]"],
    ["a JSON string", '"store=false"'],
    ["an unknown key", '{"stor": false}'],
    ["too long", `{"store": false, "pad": "${"x".repeat(1024 * 1024)}"}`],
  ])("%s gives the defaults with status 200 and one warning", async (_label, raw) => {
    const warn = vi.spyOn(console, "warn");
    await putRawFlags(raw);
    const response = await request("/");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('href="/store"');
    expect(flagWarnings(warn)).toHaveLength(1);
  });

  it("a wrongly typed flag falls back alone while valid ones apply", async () => {
    const warn = vi.spyOn(console, "warn");
    await putRawFlags('{"store": "no", "contact": false}');
    const html = await (await request("/")).text();
    expect(html).toContain('href="/store"');
    expect(html).not.toContain('href="/contact"');
    expect(flagWarnings(warn)).toHaveLength(1);
  });

  it("a null value from KV is a missing key", async () => {
    const response = await fetchWithKv("/", () => Promise.resolve(null));
    expect(response.status).toBe(200);
  });

  it("a valid value switches features off in the header", async () => {
    await putRawFlags('{"store": false, "newsletter": false}');
    const html = await (await request("/")).text();
    expect(html).not.toContain('href="/store"');
    expect(html).not.toContain('href="/newsletter"');
    expect(html).toContain('href="/blog"');
  });
});
