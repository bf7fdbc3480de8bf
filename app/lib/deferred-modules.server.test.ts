import { describe, expect, it } from "vitest";
import { BOOT_SCRIPT_ID, createDeferredModulesTransform, deferModuleScript } from "./deferred-modules.server";

const SHELL =
  '<html><head><link rel="modulepreload" href="/assets/app.js" nonce="N1"/><style>x</style></head><body><p>Hi</p>' +
  '<script nonce="N1">window.__reactRouterContext = {};</script>' +
  '<script nonce="N1" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>';

describe("deferModuleScript", () => {
  it("keeps the module text inert, adds the nonce'd loader and drops module preloads", () => {
    const html = deferModuleScript(SHELL);
    expect(html).not.toBeNull();
    expect(html).not.toContain("modulepreload");
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(
      `<script nonce="N1" type="text/x-vpf-boot" id="${BOOT_SCRIPT_ID}">import * as route0 from "/assets/root.js";`,
    );
    expect(html).toMatch(/<script nonce="N1">\(function\(\)\{.*addEventListener\("load"/);
    expect(html).toContain('<script nonce="N1">window.__reactRouterContext = {};</script>');
    expect(html).toContain("<p>Hi</p>");
  });

  it("answers null until the module script is complete", () => {
    expect(deferModuleScript(SHELL.slice(0, SHELL.length - 5))).toBeNull();
  });
});

describe("createDeferredModulesTransform", () => {
  async function run(chunks: string[]): Promise<string> {
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }).pipeThrough(createDeferredModulesTransform());
    return new Response(stream).text();
  }

  it("rewrites a module script split across chunks and passes later chunks through", async () => {
    const cut = SHELL.indexOf("import * as");
    const out = await run([SHELL.slice(0, cut), SHELL.slice(cut), '<script nonce="N1">later()</script></body></html>']);
    expect(out).toBe(`${deferModuleScript(SHELL)}<script nonce="N1">later()</script></body></html>`);
  });

  it("leaves a document without a module script as it was", async () => {
    const html = '<html><head><link rel="modulepreload" href="/a.js"/></head><body>No script</body></html>';
    expect(await run([html.slice(0, 20), html.slice(20)])).toBe(html);
  });
});
