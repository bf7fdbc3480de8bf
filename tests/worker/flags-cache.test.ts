/**
 * Flag cache lifetime (rule 1.2): a worker keeps the flags it read for
 * `FLAGS_CACHE_TTL_MS`, so an operator's change in KV is not seen at once, and
 * is seen once that time has passed. The other worker tests run with the
 * cache off (`FLAGS_CACHE_TTL_MS` "0"); here the built worker is called with
 * a short lifetime instead, against the same real local KV namespace.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";

/** Lifetime used here, in ms; the tests move the worker's clock across it. */
const TTL_MS = 1500;

interface BuiltWorker {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response>;
}

// A computed specifier keeps the type checker out of the generated bundle.
const BUILT_WORKER_PATH = "../../build/server/index.js";

/** Requests `path` from the built worker with `FLAGS_CACHE_TTL_MS` set to `TTL_MS`. */
async function requestWithCache(path: string): Promise<Response> {
  const worker = ((await import(/* @vite-ignore */ BUILT_WORKER_PATH)) as { default: BuiltWorker }).default;
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`https://vpf.test${path}`, { redirect: "manual" }),
    { ...env, FLAGS_CACHE_TTL_MS: String(TTL_MS) } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  await response.text();
  return response;
}

describe("flag cache", () => {
  afterEach(() => {
    vi.useRealTimers();
    return env.FLAGS.delete("flags");
  });

  it("a flag change is not seen within FLAGS_CACHE_TTL_MS, and is seen after it", async () => {
    await env.FLAGS.put("flags", JSON.stringify({ store: true }));
    // Far past any lifetime an earlier request started, so this read goes to KV.
    const readAt = Date.now() + 10 * TTL_MS;
    vi.useFakeTimers({ toFake: ["Date"], now: readAt });
    expect((await requestWithCache("/store")).status).toBe(200);

    await env.FLAGS.put("flags", JSON.stringify({ store: false }));
    vi.setSystemTime(readAt + TTL_MS - 1);
    expect((await requestWithCache("/store")).status, "still the cached flags").toBe(200);

    vi.setSystemTime(readAt + TTL_MS + 1);
    expect((await requestWithCache("/store")).status, "the change after the lifetime").toBe(404);
  });

  it("with FLAGS_CACHE_TTL_MS at 0 every request reads KV", async () => {
    const { SELF } = await import("cloudflare:test");
    await env.FLAGS.put("flags", JSON.stringify({ store: true }));
    expect((await SELF.fetch("https://vpf.test/store", { redirect: "manual" })).status).toBe(200);
    await env.FLAGS.put("flags", JSON.stringify({ store: false }));
    expect((await SELF.fetch("https://vpf.test/store", { redirect: "manual" })).status).toBe(404);
  });
});
