import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../../tests/fuzz-runs";
import { BOOT_SCRIPT_ID, createDeferredModulesTransform } from "./deferred-modules.server";

const SHELL =
  '<html><head><link rel="modulepreload" href="/assets/app.js" nonce="N1"/><style>a{content:"€"}</style>' +
  '<link rel="modulepreload" href="/assets/root.js"/></head><body><p>Built with ❤️ &lt;3</p>' +
  '<script nonce="N1">window.__reactRouterContext = {};</script>' +
  '<script nonce="N1" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>' +
  '<!--$--><script nonce="N1">later("<link rel=\\"modulepreload\\">")</script></body></html>';

const encoder = new TextEncoder();

/** Pipes `bytes`, cut at `cuts` (byte offsets), through the transform and reads the text out. */
async function run(bytes: Uint8Array, cuts: number[] = []): Promise<string> {
  const points = [...new Set([0, ...cuts, bytes.length])].sort((a, b) => a - b);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let index = 1; index < points.length; index++) {
        controller.enqueue(bytes.slice(points[index - 1], points[index]));
      }
      controller.close();
    },
  }).pipeThrough(createDeferredModulesTransform());
  return new Response(stream).text();
}

describe("createDeferredModulesTransform", () => {
  it("drops module preloads, keeps the module text inert behind a nonce'd loader, and passes the rest through", async () => {
    const html = await run(encoder.encode(SHELL));
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toMatch(
      new RegExp(
        `<script nonce="N1">\\(function\\(\\)\\{[^<]*addEventListener\\("load"[^<]*</script>` +
          `<script nonce="N1" type="text/x-vpf-boot" id="${BOOT_SCRIPT_ID}">import \\* as route0 from "/assets/root.js";`,
      ),
    );
    expect(html).toContain('<style>a{content:"€"}</style></head><body><p>Built with ❤️ &lt;3</p>');
    expect(html).toContain('<script nonce="N1">window.__reactRouterContext = {};</script>');
    // After the module script nothing is touched, even text that looks like a preload.
    expect(html).toContain('<!--$--><script nonce="N1">later("<link rel=\\"modulepreload\\">")</script></body></html>');
  });

  it("gives the same document however the bytes are cut, even inside a character or a tag", async () => {
    const bytes = encoder.encode(SHELL);
    const whole = await run(bytes);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }),
        async (cuts) => {
          expect(await run(bytes, cuts)).toBe(whole);
        },
      ),
      { numRuns: readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 300) },
    );
    for (let cut = 1; cut < bytes.length; cut++) expect(await run(bytes, [cut])).toBe(whole);
  });

  it("leaves a document without a module script as it was, apart from its preloads", async () => {
    const html =
      '<html><head><link rel="modulepreload" href="/a.js"/></head><body><script>x()</script>No module</body></html>';
    expect(await run(encoder.encode(html), [20])).toBe(
      "<html><head></head><body><script>x()</script>No module</body></html>",
    );
  });
});
