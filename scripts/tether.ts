/**
 * `node scripts/tether.ts <command> [args…]`: runs a command (a test server, a test runner) that must never outlive
 * the process that started it. The tether leads its own process group with the command in it, and ends the whole
 * group (workerd included) when its parent goes, however it went (a signal, a crash, `kill -9`), when it is told to
 * stop (SIGINT, SIGTERM, SIGHUP), or when the command ends; it exits with the command's code.
 */
import { spawn } from "node:child_process";

/** How often the tether looks for its parent, in ms: a stopped gate's servers are gone within about this long. */
export const PARENT_CHECK_MS = 500;

/** Time between the group's SIGTERM and its SIGKILL, in ms. */
export const KILL_GRACE_MS = 5_000;

/**
 * Calls `onOrphaned` once the process's parent has gone (the process has been handed to another parent), checking
 * every `PARENT_CHECK_MS`; the check never keeps the process alive on its own.
 */
export function watchParent(onOrphaned: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      onOrphaned();
    }
  }, PARENT_CHECK_MS);
  timer.unref();
}

/** Sends `signal` to the tether's own group when it leads one, else to `child` alone. */
function signalGroup(child: ReturnType<typeof spawn>, signal: NodeJS.Signals): void {
  try {
    process.kill(-process.pid, signal);
  } catch {
    // Not a group leader: only the command is ours.
    if (child.exitCode === null) child.kill(signal);
  }
}

if (import.meta.main) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error("Usage: node scripts/tether.ts <command> [args…]");
    process.exit(2);
  }
  // Started detached, the tether leads a group that the command and its children join; ending it ends them all.
  const child = spawn(command, args, { stdio: "inherit" });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    signalGroup(child, "SIGTERM");
    setTimeout(() => {
      signalGroup(child, "SIGKILL");
      process.exit(1);
    }, KILL_GRACE_MS).unref();
  };
  watchParent(stop);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, stop);
  child.on("exit", (code, signal) => {
    // What the command started (workerd under wrangler) ends with it.
    if (!stopping) {
      stopping = true;
      signalGroup(child, "SIGTERM");
    }
    process.exit(code ?? (signal ? 1 : 0));
  });
}
