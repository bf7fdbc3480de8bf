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

test("the dev server answers Vite's client as JavaScript, and pages load it", async () => {
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
    const client = await fetch(`${origin}/@vite/client`);
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toMatch(/javascript/);
    expect(await (await fetch(`${origin}/blog`)).text()).toContain("/@vite/client");
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
});
