/**
 * `npm test`, the gate: typecheck, lint, unit, build, worker and end-to-end tests. Typecheck, ESLint, unit tests (the
 * workflows' lint among them) and Prettier run in one lane with the worker tests after them; the build and the end-to-end
 * tests in the other (two cores). The first failure stops the run; each step's output is printed whole when it ends.
 * `npm run test:site` (`--site`), the sweep: every page through axe, HTML_CodeSniffer and the Nu HTML checker, the
 * visual baseline, the worker's fuzz targets and the early-input properties at full strength, and every page's
 * first congestion window (the gate takes one page per route), against the current build (made first when it is
 * missing or stale).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CHROMIUM_INSTALL_COMMAND, CHROMIUM_PATH, HEADLESS_SHELL_PATH } from "../scripts/chromium.ts";
import { JAVA_BIN, JAVA_INSTALL_COMMAND, hasJava } from "./support/java.ts";
import { ROOT, TETHER_SCRIPT } from "../scripts/wrangler.ts";

/**
 * Playwright workers when `E2E_WORKERS` is unset: what measured fastest on a two-core host (the end-to-end tests
 * alone in the headless shell, 130 of them: 123 s with 2 workers, load 2.7 at the start; 143 s with 3, load 5.1;
 * with 135 tests in the full browser, 209 s with 2 and 288 s with 1).
 */
export const DEFAULT_E2E_WORKERS = 2;

/** fast-check runs per worker fuzz target in the sweep (the gate makes its own, fewer). */
const SWEEP_FUZZ_RUNS = 2000;

/** Runs per early-input property in the sweep, each a few browser loads (the gate makes a few). */
const SWEEP_PROPERTY_RUNS = 12;

/** Runs of the phone-tap property in the sweep, each one page load under 4× CPU throttling (the gate makes two). */
const SWEEP_TAP_RUNS = 50;

/** One command of a run: a label, the program and its arguments, extra environment, what it waits for. */
interface Step {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Settles when a step of another lane has passed (the build, for the worker tests). */
  after?: Promise<void>;
  /** Called once the step has passed. */
  passed?: () => void;
  /**
   * Watched for a stall (nothing printed for `STALL_MS` while captured): a stalled step is ended and run once more,
   * then fails if it stalls again. A failure is never run again.
   */
  rerunOnStall?: boolean;
}

/**
 * Silence after which a captured step counts as stalled, in ms. The worker tests print a line as each file ends, and
 * no file takes over a minute even beside the browser lane. Their workerd pool (`@cloudflare/vitest-plugin` 1.4.10
 * under vitest 5.1.1) once stopped after its last file had passed, printing no summary and never exiting; a stalled
 * step is ended then and run again rather than left to hold CI until its time limit.
 */
const STALL_MS = 300_000;

/** How long a stalled step's processes get to end after SIGTERM before SIGKILL, in ms. */
const STALL_KILL_GRACE_MS = 10_000;

const { values } = parseArgs({ options: { site: { type: "boolean", default: false }, help: { type: "boolean" } } });
if (values.help) {
  console.log("Usage:");
  console.log("npm test             typecheck, lint, unit, build, worker and end-to-end tests (the gate)");
  console.log("npm run test:site    every page through axe, HTML_CodeSniffer and the Nu checker; visual baseline;");
  console.log("                     the worker's fuzz targets and the early-input properties at full strength;");
  console.log("                     every page's first congestion window");
  process.exit(0);
}

for (const [binary, variable] of [
  [CHROMIUM_PATH, "CHROMIUM_PATH"],
  [HEADLESS_SHELL_PATH, "CHROMIUM_HEADLESS_SHELL_PATH"],
] as const) {
  if (existsSync(binary)) continue;
  console.error(
    `✖ No Chromium at ${binary}: the end-to-end tests need Chromium and its headless shell.\n` +
      `  Install them with:  ${CHROMIUM_INSTALL_COMMAND}\n` +
      `  (or set ${variable} to an existing binary).`,
  );
  process.exit(1);
}
if (values.site && !hasJava()) {
  console.error(
    `✖ No Java runtime (${JAVA_BIN}): the sweep runs the Nu HTML checker (vnu.jar) on it.\n` +
      `  Install it with:  ${JAVA_INSTALL_COMMAND}\n` +
      "  (or set JAVA to an existing java binary).",
  );
  process.exit(1);
}

const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
const step = (label: string, command: string, args: string[], env?: Record<string, string>): Step => ({
  label,
  command,
  args,
  env,
});

/** Steps running now; a stopped run stops them (each tether then ends its step's servers). */
const running = new Set<ChildProcess>();
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    for (const child of running) endGroup(child, "SIGTERM");
    process.exit(130);
  });
}

/** Sends `signal` to the process group `child` leads (its tether, the command and every server it started). */
function endGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // The group has ended.
  }
}

/** Settles once the gate's build has passed. */
let markBuilt = () => {};
const built = new Promise<void>((resolve) => (markBuilt = resolve));

/**
 * Runs one step and exits on a failure. A step alone streams its output; beside another it is captured and
 * printed whole when the step ends, so two steps' lines never interleave.
 */
function runStep(laneStep: Step, alone: boolean, rerunsLeft = laneStep.rerunOnStall ? 1 : 0): Promise<void> {
  const { label, command, args, env } = laneStep;
  const started = Date.now();
  if (alone) console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    // Each step leads its own process group through a tether, so it and every server it starts end with this run.
    const child = spawn(process.execPath, [TETHER_SCRIPT, command, ...args], {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", alone ? "inherit" : "pipe", alone ? "inherit" : "pipe"],
      env: {
        E2E_WORKERS: String(DEFAULT_E2E_WORKERS),
        ...process.env,
        ...env,
        WRANGLER_SEND_METRICS: "false",
      },
    });
    running.add(child);
    const output: Buffer[] = [];
    let stalled = false;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const watchStall = () => {
      clearTimeout(stallTimer);
      if (alone || !laneStep.rerunOnStall) return;
      stallTimer = setTimeout(() => {
        stalled = true;
        endGroup(child, "SIGTERM");
        setTimeout(() => endGroup(child, "SIGKILL"), STALL_KILL_GRACE_MS).unref();
      }, STALL_MS);
    };
    watchStall();
    const onOutput = (chunk: Buffer) => {
      output.push(chunk);
      watchStall();
    };
    child.stdout?.on("data", onOutput);
    child.stderr?.on("data", onOutput);
    child.on("close", (code) => {
      clearTimeout(stallTimer);
      running.delete(child);
      if (!alone) console.log(`\n▶ ${label}`);
      process.stdout.write(Buffer.concat(output));
      if (stalled && rerunsLeft > 0) {
        console.log(`\n⚠ ${label} printed nothing for ${STALL_MS / 1000} s and was ended; running it once more.`);
        resolve(runStep(laneStep, alone, rerunsLeft - 1));
        return;
      }
      if (stalled) console.error(`\n✖ ${label} printed nothing for ${STALL_MS / 1000} s and was ended.`);
      if (code !== 0 || stalled) {
        console.error(`\n✖ ${label} failed.`);
        process.exit(code || 1);
      }
      console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve();
    });
  });
}

/** Runs each lane's steps in order, the lanes side by side. */
async function runLanes(lanes: Step[][]): Promise<void> {
  await Promise.all(
    lanes.map(async (lane) => {
      for (const laneStep of lane) {
        await laneStep.after;
        await runStep(laneStep, lanes.length === 1);
        laneStep.passed?.();
      }
    }),
  );
}

const phases: Step[][][] = values.site
  ? [
      [
        [
          step("Build (when stale)", process.execPath, [
            path.join(ROOT, "scripts", "ensure-build.ts"),
            "--test-catalogue",
          ]),
        ],
      ],
      [[step("Site sweep (Chromium)", bin("playwright"), ["test", "-c", "playwright.site.config.ts"])]],
      [
        [
          step(
            "Worker fuzz targets; every page's first window",
            bin("vitest"),
            ["run", "--project", "worker", "tests/worker/fuzz.test.ts", "tests/worker/one-round-trip.test.ts"],
            { BENCH_FUZZ_RUNS: String(SWEEP_FUZZ_RUNS), SITE_SWEEP: "1" },
          ),
        ],
      ],
      [
        [
          step(
            "Early-input properties (Chromium)",
            bin("playwright"),
            // Only the properties: the file's other tests ran in the gate, and the runs do not change them.
            ["test", "tests/e2e/early-interactions.spec.ts", "--grep", "@property"],
            {
              BENCH_FUZZ_RUNS: String(SWEEP_PROPERTY_RUNS),
            },
          ),
        ],
      ],
      [
        [
          step("Phone-tap property (Chromium)", bin("playwright"), ["test", "tests/e2e/product-taps.spec.ts"], {
            BENCH_FUZZ_RUNS: String(SWEEP_TAP_RUNS),
          }),
        ],
      ],
    ]
  : [
      [
        // The lint resolves React Router's generated route types, which the typecheck writes first. The
        // end-to-end tests start as soon as the build is made, beside the checks; the two lanes keep both cores busy
        // (fresh clone: 219 s this way, with 420 of the run's 437 core-seconds busy).
        [
          step("Typecheck", "npm", ["run", "typecheck"]),
          step("Lint (ESLint)", bin("eslint"), [".", "--max-warnings", "0"]),
          // actionlint on .github/workflows runs in the unit tests (scripts/workflow-lint.test.ts), once.
          step("Unit tests", bin("vitest"), ["run", "--project", "unit"]),
          step("Format (Prettier)", bin("prettier"), ["--check", "."]),
          {
            ...step("Worker tests (workerd)", bin("vitest"), [
              "run",
              "--project",
              "worker",
              "--project",
              "worker-forms",
              "--project",
              "worker-archive",
            ]),
            after: built,
            rerunOnStall: true,
          },
        ],
        [
          { ...step("Build", bin("react-router"), ["build"], { VPF_TEST_CATALOGUE: "1" }), passed: markBuilt },
          step("End-to-end tests (Chromium)", bin("playwright"), ["test"]),
        ],
      ],
    ];

const started = Date.now();
for (const lanes of phases) await runLanes(lanes);
const count = phases.flat(2).length;
console.log(`\n✔ All checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`checks: ${count} passed, 0 failed`);
