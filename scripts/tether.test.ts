import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { TETHER_SCRIPT } from "./wrangler.ts";

const scratch = mkdtempSync(path.join(os.tmpdir(), "vpf-tether-"));
const parents: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  // A failed test leaves its parent running: its tether then ends the rest.
  for (const parent of parents) parent.kill("SIGKILL");
  rmSync(scratch, { recursive: true, force: true });
});

/** Whether a process with this pid still runs. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts a parent that starts, through the tether and detached as the gate does, a server that starts a child of
 * its own (as wrangler starts workerd); resolves once the child has written its pid.
 */
async function startTetheredTree(name: string) {
  const file = (suffix: string) => path.join(scratch, `${name}-${suffix}`);
  const script = (suffix: string, code: string) => {
    writeFileSync(file(suffix), code);
    return file(suffix);
  };
  const spawnCode = (args: string[], options: string) =>
    `require("node:child_process").spawn(process.execPath, ${JSON.stringify(args)}, ${options}); setInterval(() => {}, 1000);`;
  const workerd = script(
    "child.cjs",
    `require("node:fs").writeFileSync(${JSON.stringify(file("pid"))}, String(process.pid)); setInterval(() => {}, 1000);`,
  );
  const server = script("server.cjs", spawnCode([workerd], `{ stdio: "ignore" }`));
  const gate = script(
    "parent.cjs",
    spawnCode([TETHER_SCRIPT, process.execPath, server], `{ detached: true, stdio: "ignore" }`),
  );
  const parent = spawn(process.execPath, [gate], { stdio: "ignore" });
  parents.push(parent);
  let grandchild = 0;
  await vi.waitFor(
    () => {
      grandchild = Number(readFileSync(file("pid"), "utf8"));
      expect(grandchild).toBeGreaterThan(0);
    },
    { timeout: 60_000, interval: 100 },
  );
  return { parent, grandchild };
}

describe("a tethered command", () => {
  it("ends, with what it started, when the process that started it is killed outright", async () => {
    const { parent, grandchild } = await startTetheredTree("killed");
    expect(isRunning(grandchild)).toBe(true);
    parent.kill("SIGKILL");
    await vi.waitFor(() => expect(isRunning(grandchild)).toBe(false), { timeout: 60_000, interval: 100 });
  });
});
