/**
 * The newsletter at 10,000 readers (bench/README.md): seeds confirmed readers, one in twenty at an address the
 * mail provider refuses, into a fresh local D1; starts one issue's send through the operator's endpoint with the
 * provider's stand-in taking the mail; kills the server once a third of the readers have an outcome, starts it
 * again and, once `status` would call the send incomplete (its last claims stale), sends once more, as an operator
 * finishes an interrupted send; then checks that no reader got two mails, that every deliverable reader got one
 * or is recorded `unknown` (cut off mid-batch, decision 016), and that every refused one was recorded. `npm run bench -- --only newsletter` or
 * `node bench/newsletter-send.ts`; exits non-zero when the send misses, repeats or stalls.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import { compileNewsletters } from "../content/build/compile-newsletters.ts";
import { readEmailKey } from "../core/email-address.ts";
import { STALE_CLAIM_MS } from "../core/newsletter-schedule.ts";
import {
  LOCAL_MAILGUN_API_KEY,
  isRefusedAddress,
  startMailProviderStandIn,
} from "../scripts/mail-provider-stand-in.ts";
import {
  ROOT,
  WRANGLER_BIN,
  WRANGLER_ENV,
  applyLocalMigrations,
  buildDevServerArgs,
  findFreePort,
} from "../scripts/wrangler.ts";
import { RESULTS_DIR, log, readOption, roundTo, waitFor } from "./common.ts";
import { buildSite, stopDevServer } from "./dev-server.ts";
import { describeCheckout } from "./served.ts";

/** The operator's token that wrangler.toml's local `[vars]` set. */
const SEND_TOKEN = "local-send-token";

/** This run's own state and the server's log; removed at the start of each run. */
const WORK_DIR = path.join(ROOT, ".wrangler", "bench-newsletter");
const PERSIST_DIR = path.join(WORK_DIR, "state");
const SERVER_LOG = path.join(WORK_DIR, "wrangler.log");

/** Polling: once a second, giving up after 15 minutes, or after 60 s without a new outcome. */
const POLL_INTERVAL_MS = 1000;
const SEND_TIMEOUT_MS = 15 * 60_000;
const STALL_MS = 60_000;

/** One reader in this many has an address the provider refuses. */
const REFUSED_EVERY = 20;

/** The share of readers with an outcome at which the server is killed mid-send. */
const RESTART_AT = 1 / 3;

/** The consumer's log line for a batch that failed and goes back to the queue. */
const RETRY_EVENT = "newsletter.batch_failed";

/** `--readers N`: how many confirmed readers to seed. */
const OptionsSchema = v.object({
  readers: v.pipe(
    v.optional(v.string(), "10000"),
    v.transform(Number),
    v.integer("--readers takes a whole number"),
    v.minValue(REFUSED_EVERY),
    v.maxValue(100_000),
  ),
});

/** The operator endpoint's 202 answer. */
const SendStartSchema = v.object({
  slug: v.string(),
  recipients: v.pipe(v.number(), v.integer()),
  batches: v.pipe(v.number(), v.integer()),
});

/** What a run measured, as written to `bench/results/newsletter-send.json`. */
export interface NewsletterSendReport {
  /** ISO 8601. */
  measuredAt: string;
  machine: string;
  /** The 1-minute load average when the run started. */
  loadAverage: number;
  commit: string;
  slug: string;
  /** Confirmed readers seeded, and how many of them at an address the provider refuses. */
  readers: number;
  refusedSeeded: number;
  /** The two sends' 202 answers (the second after the restart), and how long the first took to come, in ms. */
  answers: Array<{ recipients: number; batches: number }>;
  answeredMs: number;
  /** Readers with an outcome when the server was killed. */
  outcomesAtRestart: number;
  /** Outcomes when polling ended, and why it ended. */
  delivered: number;
  refused: number;
  /** Readers cut off mid-batch by the kill, never mailed again (decision 016), and of them how many got a mail. */
  unknown: number;
  unknownMailed: number;
  ended: "complete" | "stalled" | "timeout";
  /** Mails the provider's stand-in took, and for how many distinct readers. */
  mailsTaken: number;
  distinctRecipients: number;
  /** Readers with more than one mail; deliverable readers with none and not unknown; refused ones not recorded. */
  duplicates: number;
  missing: number;
  refusedUnrecorded: number;
  /** Consumer log lines for a failed batch (each one a batch sent back to the queue). */
  retries: number;
  /** From the first POST to the last outcome, in s, the restart and the wait for stale claims included. */
  seconds: number;
  /** The wait for stale claims before the second send, in s; `mailsPerSecond` leaves it out. */
  waitedSeconds: number;
  mailsPerSecond: number;
  passed: boolean;
}

/** The address of reader `index` (1-based); every `REFUSED_EVERY`th is one the provider refuses. */
function formatReaderAddress(index: number): string {
  const prefix = index % REFUSED_EVERY === 0 ? "refused-reader" : "reader";
  return `${prefix}-${String(index).padStart(6, "0")}@readers.vpf.test`;
}

/**
 * Writes `addresses` as readers confirmed a day ago, as the sign-up and the confirmation leave them, straight into
 * the local D1 file before the server starts (a `wrangler d1 execute` of 10,000 rows is too long a command line).
 * Returns the confirmed readers counted after.
 */
function seedReaders(addresses: readonly string[], nowMs: number): number {
  const confirmedMs = nowMs - 86_400_000;
  const db = new DatabaseSync(findFormsDatabaseFile(PERSIST_DIR));
  try {
    const insert = db.prepare(
      `INSERT INTO newsletter_signups (email, email_key, status, requested_at, consent_source, confirmed_at)
       VALUES (?, ?, 'confirmed', ?, '/newsletter', ?)`,
    );
    db.exec("BEGIN");
    for (const email of addresses) insert.run(email, readEmailKey(email), confirmedMs, confirmedMs);
    db.exec("COMMIT");
    return Number((db.prepare("SELECT COUNT(*) AS n FROM newsletter_signups").get() as { n: number }).n);
  } finally {
    db.close();
  }
}

/** The local D1 file of `FORMS_DB` under `persistDir`; throws unless there is exactly one. */
function findFormsDatabaseFile(persistDir: string): string {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 database in ${dir}, found ${files.length}`);
  return path.join(dir, files[0]!);
}

/** A `wrangler dev` whose output goes to `SERVER_LOG`, with a running count of retry lines. */
interface NewsletterServer {
  child: ChildProcess;
  retries: () => number;
}

/** Serves the build with the newsletter on (`FORMS_MODE=d1`) on `port`; throws when it does not answer in 90 s. */
async function startNewsletterServer(port: number, providerUrl: string): Promise<NewsletterServer> {
  const args = buildDevServerArgs({
    port,
    inspectorPort: await findFreePort(port + 1),
    persistDir: PERSIST_DIR,
    extra: [
      "--var",
      "FORMS_MODE:d1",
      "--var",
      `SITE_URL:http://127.0.0.1:${port}`,
      "--var",
      `MAILGUN_API_URL:${providerUrl}`,
    ],
  });
  const child = spawn(WRANGLER_BIN, args, {
    cwd: ROOT,
    env: WRANGLER_ENV,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output = createWriteStream(SERVER_LOG, { flags: "a" });
  let retries = 0;
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on("line", (line) => {
      output.write(`${line}\n`);
      if (line.includes(RETRY_EVENT)) retries++;
    });
  }
  child.once("exit", () => output.end());
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/please-hold`)).ok) return { child, retries: () => retries };
    } catch {
      // not up yet
    }
    await waitFor(300);
  }
  stopDevServer(child);
  throw new Error(`wrangler dev did not start within 90 s; see ${SERVER_LOG}`);
}

/** Stops the server and resolves once it has exited (10 s at most). */
async function stopNewsletterServer(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (signal === "SIGKILL" && child.pid) process.kill(-child.pid, "SIGKILL");
  else stopDevServer(child);
  await Promise.race([exited, waitFor(10_000)]);
}

/** Asks the site to send `slug` (the operator's `npm run newsletter -- send SLUG --now`). */
async function postSend(origin: string, slug: string) {
  const response = await fetch(`${origin}/api/newsletter/send`, {
    method: "POST",
    headers: { authorization: `Bearer ${SEND_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ slug, now: true }),
  });
  const body = await response.text();
  if (response.status !== 202) throw new Error(`the send answered ${response.status}: ${body}`);
  return v.parse(SendStartSchema, JSON.parse(body));
}

/** The outcomes so far: delivered, refused, unknown, and the time of the last one (ms). */
type Outcomes = { delivered: number; refused: number; unknown: number; lastMs: number | null };

/**
 * Polls the outcomes once a second until `done(outcomes)`, none is added for 60 s, or 15 minutes pass
 * from `startedMs`. The local D1 file is read directly (read-only; workerd keeps it in WAL mode): a `wrangler d1
 * execute` takes about 4 s of a core, which would slow the send it measures.
 */
async function waitForOutcomes(
  slug: string,
  startedMs: number,
  done: (outcomes: Outcomes) => boolean,
): Promise<Outcomes & { ended: NewsletterSendReport["ended"] }> {
  const db = new DatabaseSync(findFormsDatabaseFile(PERSIST_DIR), { readOnly: true, timeout: 1000 });
  const count = db.prepare(
    `SELECT COUNT(*) FILTER (WHERE outcome = 'delivered') AS delivered,
       COUNT(*) FILTER (WHERE outcome = 'refused') AS refused,
       COUNT(*) FILTER (WHERE outcome = 'unknown') AS unknown, MAX(at) AS lastMs
     FROM newsletter_deliveries WHERE issue_slug = ?`,
  );
  try {
    let outcomes: Outcomes = { delivered: 0, refused: 0, unknown: 0, lastMs: null };
    let grewAtMs = Date.now();
    let loggedAtMs = 0;
    for (;;) {
      try {
        const row = count.get(slug) as Outcomes;
        const total = (o: Outcomes) => o.delivered + o.refused + o.unknown;
        if (total(row) > total(outcomes)) grewAtMs = Date.now();
        outcomes = row;
      } catch (error) {
        // A busy database skips one reading; the next second tries again.
        if (!/locked|busy/i.test(String(error))) throw error;
      }
      const now = Date.now();
      if (now - loggedAtMs >= 10_000) {
        log(
          `${outcomes.delivered} delivered, ${outcomes.refused} refused, ${outcomes.unknown} unknown after ` +
            `${Math.round((now - startedMs) / 1000)} s`,
        );
        loggedAtMs = now;
      }
      if (done(outcomes)) return { ...outcomes, ended: "complete" };
      if (now - grewAtMs >= STALL_MS) return { ...outcomes, ended: "stalled" };
      if (now - startedMs >= SEND_TIMEOUT_MS) return { ...outcomes, ended: "timeout" };
      await waitFor(POLL_INTERVAL_MS);
    }
  } finally {
    db.close();
  }
}

/** The report as a small Markdown table. */
export function renderNewsletterSendMarkdown(report: NewsletterSendReport): string {
  const rows: Array<[string, string | number]> = [
    ["readers seeded (confirmed)", report.readers],
    ["of them at an address the provider refuses", report.refusedSeeded],
    ["first send: 202 recipients / batches", `${report.answers[0]?.recipients} / ${report.answers[0]?.batches}`],
    ["first 202 after (ms)", report.answeredMs],
    ["readers with an outcome when the server was killed", report.outcomesAtRestart],
    [
      "second send (after the restart): recipients / batches",
      `${report.answers[1]?.recipients} / ${report.answers[1]?.batches}`,
    ],
    ["delivered", `${report.delivered} (${report.ended})`],
    ["refused", report.refused],
    ["unknown (cut off by the kill, not mailed again) / of them mailed once", `${report.unknown} / ${report.unknownMailed}`],
    ["mails the provider's stand-in took", report.mailsTaken],
    ["distinct recipients", report.distinctRecipients],
    ["duplicates (readers with more than one mail)", report.duplicates],
    ["deliverable readers with no mail and not unknown", report.missing],
    ["refused readers not recorded as refused", report.refusedUnrecorded],
    [`retries (\`${RETRY_EVENT}\` log lines)`, report.retries],
    ["time, first POST to last outcome, restart included (s)", report.seconds],
    ["of which waiting for the killed consumer's claims to go stale (s)", report.waitedSeconds],
    ["mails per second (the wait left out)", report.mailsPerSecond],
  ];
  return [
    `# The newsletter at ${report.readers.toLocaleString("en")} readers`,
    "",
    `\`${report.slug}\`, ${report.commit}, measured ${report.measuredAt} on ${report.machine}, load average ` +
      `${report.loadAverage}: ${report.passed ? "**passed**" : "**FAILED**"} (no reader mailed twice, each ` +
      "deliverable one mailed or recorded unknown, each refused one recorded, across a restart).",
    "",
    "| figure | value |",
    "| --- | --- |",
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    "",
  ].join("\n");
}

/**
 * Runs the measurement and writes `bench/results/newsletter-send.json` and `.md`; sets a non-zero exit code unless
 * no reader got two mails, each deliverable one got one or is recorded unknown, and each refused one was recorded. Throws when the server does not
 * start or a send is refused.
 */
export async function runNewsletterSendBench(): Promise<void> {
  const { readers } = v.parse(OptionsSchema, { readers: readOption("readers") });
  const loadAverage = roundTo(loadavg()[0] ?? 0, 2);
  const slug = compileNewsletters(path.join(ROOT, "content", "newsletters"))[0]?.slug;
  if (!slug) throw new Error("content/newsletters/ holds no issue to send");
  if (!existsSync(path.join(ROOT, "build", "server", "wrangler.json"))) {
    log("no build yet: building");
    buildSite();
  }
  rmSync(WORK_DIR, { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });
  log("applying migrations to a fresh local D1");
  applyLocalMigrations(PERSIST_DIR);
  log(`seeding ${readers} confirmed readers`);
  const addresses = Array.from({ length: readers }, (_, index) => formatReaderAddress(index + 1));
  const seeded = seedReaders(addresses, Date.now());
  if (seeded !== readers) throw new Error(`seeded ${seeded} readers, not ${readers}`);
  const refusedSeeded = addresses.filter(isRefusedAddress).length;

  const provider = await startMailProviderStandIn({ port: 0, apiKey: LOCAL_MAILGUN_API_KEY });
  const port = await findFreePort(Number(process.env.BENCH_PORT ?? 8900));
  const origin = `http://127.0.0.1:${port}`;
  log(`serving the build with FORMS_MODE=d1 on ${origin}; its output goes to ${path.relative(ROOT, SERVER_LOG)}`);
  let server = await startNewsletterServer(port, provider.url);
  let retries = 0;
  try {
    log(`POST /api/newsletter/send {"slug":"${slug}","now":true}`);
    const startedMs = Date.now();
    const first = await postSend(origin, slug);
    const answeredMs = Date.now() - startedMs;
    log(`202 after ${answeredMs} ms: ${first.recipients} recipients in ${first.batches} batches`);

    const cut = await waitForOutcomes(slug, startedMs, (o) => o.delivered + o.refused >= readers * RESTART_AT);
    const outcomesAtRestart = cut.delivered + cut.refused;
    log(`${outcomesAtRestart} readers have an outcome: killing the server mid-send`);
    retries += server.retries();
    await stopNewsletterServer(server.child, "SIGKILL");
    const killedMs = Date.now();
    server = await startNewsletterServer(port, provider.url);
    // The operator sends again once `status` says the send stopped: its last claims are stale by then.
    const staleMs = killedMs + STALE_CLAIM_MS - Date.now();
    log(`server back; waiting ${Math.round(staleMs / 1000)} s until \`status\` calls the send incomplete`);
    await waitFor(Math.max(0, staleMs));
    const waitedSeconds = roundTo(Math.max(0, staleMs) / 1000, 1);
    log("sending once more, as the operator finishes an interrupted send");
    const second = await postSend(origin, slug);
    log(`202: ${second.recipients} recipients in ${second.batches} batches`);

    const final = await waitForOutcomes(slug, startedMs, (o) => o.delivered + o.refused + o.unknown >= readers);
    retries += server.retries();
    const mailsPerReader = new Map<string, number>();
    for (const mail of provider.mails) mailsPerReader.set(mail.to, (mailsPerReader.get(mail.to) ?? 0) + 1);
    const db = new DatabaseSync(findFormsDatabaseFile(PERSIST_DIR), { readOnly: true });
    const readRecorded = (outcome: string) =>
      new Set(
        (
          db
            .prepare(
              `SELECT s.email FROM newsletter_deliveries AS d JOIN newsletter_signups AS s ON s.id = d.reader_id
               WHERE d.issue_slug = ? AND d.outcome = ?`,
            )
            .all(slug, outcome) as Array<{ email: string }>
        ).map((row) => row.email),
      );
    const refusedRecorded = readRecorded("refused");
    const unknownRecorded = readRecorded("unknown");
    db.close();
    const deliverable = addresses.filter((address) => !isRefusedAddress(address));
    const duplicates = [...mailsPerReader.values()].filter((count) => count > 1).length;
    const missing = deliverable.filter((a) => !mailsPerReader.has(a) && !unknownRecorded.has(a)).length;
    const unknownMailed = [...unknownRecorded].filter((address) => mailsPerReader.has(address)).length;
    const refusedUnrecorded = addresses.filter((a) => isRefusedAddress(a) && !refusedRecorded.has(a)).length;
    const seconds = final.lastMs === null ? 0 : roundTo((final.lastMs - startedMs) / 1000, 1);
    const passed =
      final.ended === "complete" &&
      duplicates === 0 &&
      missing === 0 &&
      refusedUnrecorded === 0;
    const report: NewsletterSendReport = {
      measuredAt: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, Node ${process.version}, ${cpus().length} cores`,
      loadAverage,
      commit: describeCheckout(ROOT),
      slug,
      readers,
      refusedSeeded,
      answers: [first, second].map(({ recipients, batches }) => ({ recipients, batches })),
      answeredMs,
      outcomesAtRestart,
      delivered: final.delivered,
      refused: final.refused,
      unknown: final.unknown,
      unknownMailed,
      ended: final.ended,
      mailsTaken: provider.mails.length,
      distinctRecipients: mailsPerReader.size,
      duplicates,
      missing,
      refusedUnrecorded,
      retries,
      seconds,
      waitedSeconds,
      mailsPerSecond: seconds > waitedSeconds ? roundTo(provider.mails.length / (seconds - waitedSeconds), 1) : 0,
      passed,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, "newsletter-send.json"), `${JSON.stringify(report, null, 2)}\n`);
    const markdown = renderNewsletterSendMarkdown(report);
    writeFileSync(path.join(RESULTS_DIR, "newsletter-send.md"), markdown);
    console.log(`\n${markdown}`);
    log("wrote bench/results/newsletter-send.json and .md");
    if (!passed) process.exitCode = 1;
  } finally {
    await stopNewsletterServer(server.child);
    await provider.close();
  }
}

// Importing this module (a type check, `run.ts`) must not start a run.
if (import.meta.main) await runNewsletterSendBench();
