/**
 * `npm start`: builds when a source changed since the last build (`scripts/ensure-build.ts`), seeds the local flags,
 * migrates the local forms database and serves the built worker on the first free port from `PORT`; `FORMS_MODE`
 * and `VITALS_SAMPLE_RATE` override `wrangler.toml` (rules 6.6, 8.5).
 * While it serves, it says once when a source or the build has changed since, so nobody reads an old site as new.
 */
import { spawn, spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import * as v from "valibot";
import { FormsModeSchema } from "../core/forms.ts";
import { EnvVarsSchema } from "../server/config.server.ts";
import { checkBuild, ensureBuild } from "./ensure-build.ts";
import { LOCAL_MAILGUN_API_KEY, startMailProviderStandIn } from "./mail-provider-stand-in.ts";
import {
  PERSIST_DIR,
  ROOT,
  WRANGLER_BIN,
  WRANGLER_ENV,
  applyLocalMigrations,
  buildDevServerArgs,
  findFreePort,
} from "./wrangler.ts";

function runStep(label: string, command: string, args: string[]): void {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: WRANGLER_ENV });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

console.log("");
if (!ensureBuild(ROOT)) {
  console.error("✖ The build failed.");
  process.exit(1);
}
runStep("Seeding local flags", process.execPath, [path.join(ROOT, "scripts", "flags.ts"), "seed"]);
console.log("\n▶ Applying the forms database's migrations");
try {
  applyLocalMigrations();
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

/** The mail provider stand-in's first port to try. */
const MAIL_PROVIDER_PORT = 8790;

const port = await findFreePort(Number(process.env.PORT ?? 8787));
const inspectorPort = await findFreePort(port + 1000);
const url = `http://127.0.0.1:${port}`;
console.log(`\n▶ Serving VPF with workerd at ${url}  (Ctrl+C to stop)\n`);
const formsMode = process.env.FORMS_MODE ? v.safeParse(FormsModeSchema, process.env.FORMS_MODE) : null;
if (formsMode && !formsMode.success) {
  console.error(`✖ FORMS_MODE ${formsMode.issues[0]?.message ?? "is not valid"}.`);
  process.exit(1);
}
const extra = formsMode ? ["--var", `FORMS_MODE:${formsMode.output}`] : [];
const sampleRate = process.env.VITALS_SAMPLE_RATE?.trim();
if (sampleRate) {
  const parsed = v.safeParse(EnvVarsSchema.entries.VITALS_SAMPLE_RATE, sampleRate);
  if (!parsed.success) {
    console.error(`✖ VITALS_SAMPLE_RATE ${parsed.issues[0]?.message ?? "is not valid"}.`);
    process.exit(1);
  }
  extra.push("--var", `VITALS_SAMPLE_RATE:${sampleRate}`);
}
// The newsletter's mails link back to the address served here, whichever port was free.
if (!process.env.SITE_URL) extra.push("--var", `SITE_URL:http://localhost:${port}`);
// Issues go to the mail provider's stand-in, which keeps each mail as a file (README.md, "Newsletter").
const outboxDir = path.join(ROOT, ".wrangler", "mail-outbox");
const provider = await startMailProviderStandIn({
  port: await findFreePort(port === MAIL_PROVIDER_PORT ? port + 1 : MAIL_PROVIDER_PORT),
  apiKey: LOCAL_MAILGUN_API_KEY,
  outboxDir,
  log: (line) => console.log(line),
});
extra.push("--var", `MAILGUN_API_URL:${provider.url}`);
console.log(`  Newsletter issues sent here are kept in ${path.relative(ROOT, outboxDir)}/ (one file per reader).\n`);
const server = spawn(WRANGLER_BIN, buildDevServerArgs({ port, inspectorPort, persistDir: PERSIST_DIR, extra }), {
  cwd: ROOT,
  stdio: "inherit",
  env: WRANGLER_ENV,
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code) => {
  void provider.close();
  process.exit(code ?? 0);
});

/** How often the sources are compared with the build being served, in ms. */
const STALE_CHECK_MS = 5000;

// The server keeps serving the build it started with: say once when sources or the build changed since.
const servedAt = statSync(path.join(ROOT, "build", "server", "index.js")).mtimeMs;
const staleCheck = setInterval(() => {
  const verdict = checkBuild(ROOT);
  const rebuilt = statSync(path.join(ROOT, "build", "server", "index.js"), { throwIfNoEntry: false });
  const reason = verdict.stale ? verdict.reason : rebuilt && rebuilt.mtimeMs !== servedAt ? "build/ was rebuilt" : null;
  if (!reason) return;
  console.log(`\n⚠ ${reason}: this server still shows the old site. Stop it (Ctrl+C) and run npm start again.\n`);
  clearInterval(staleCheck);
}, STALE_CHECK_MS);
staleCheck.unref();
