/**
 * `npm run dev` as a writer uses it: the worker hands Vite's own paths to the dev server, so the page loads Vite's
 * client and hot reload works (ARCHITECTURE.md, "Tests").
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ROOT, WRANGLER_ENV, findFreePort } from "../../scripts/wrangler.ts";

/** Time the dev server may take to answer on a busy two-core machine, in ms. */
const DEV_START_TIMEOUT_MS = 90_000;

test("the dev server answers Vite's client and the hot-reload runtime as JavaScript, and pages load them", async () => {
  test.setTimeout(DEV_START_TIMEOUT_MS + 30_000);
  const port = await findFreePort(5273);
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(
    path.join(ROOT, "node_modules", ".bin", "react-router"),
    ["dev", "--port", String(port), "--strictPort", "--host", "127.0.0.1"],
    { cwd: ROOT, env: WRANGLER_ENV, detached: true, stdio: "ignore" },
  );
  try {
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${origin}/`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: DEV_START_TIMEOUT_MS, intervals: [500] },
      )
      .toBe(200);
    // A page starts React Router's hot-reload runtime, which loads Vite's client: both must be JavaScript.
    const runtime = "/@id/__x00__virtual:react-router/inject-hmr-runtime";
    expect(await (await fetch(`${origin}/blog`)).text()).toContain(runtime);
    for (const modulePath of ["/@vite/client", runtime]) {
      const module = await fetch(`${origin}${modulePath}`);
      expect(module.status, modulePath).toBe(200);
      expect(module.headers.get("content-type"), modulePath).toMatch(/javascript/);
    }
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
});
