/**
 * The newsletter at 10,000 readers (bench/README.md): seeds confirmed readers into a fresh local D1, starts one
 * issue's send through the operator's endpoint, waits for the queue consumer to record every delivery, then reads
 * the mail wrangler wrote and checks that every reader got exactly one. `npm run bench -- --only newsletter` or
 * `node bench/newsletter-send.ts`; exits non-zero when the send misses, repeats or stalls.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { DatabaseSync } from "node:sqlite";
import * as v from "valibot";
import { UnsubscribeTokenSchema } from "../core/newsletter-tokens.ts";
import {
  ROOT,
  WRANGLER_BIN,
  WRANGLER_ENV,
  applyLocalMigrations,
  buildDevServerArgs,
  executeFormsSql,
  findFreePort,
} from "../scripts/wrangler.ts";
import { RESULTS_DIR, log, readOption, roundTo, waitFor } from "./common.ts";
import { buildSite, stopDevServer } from "./dev-server.ts";
import { describeCheckout } from "./served.ts";

/** The issue sent. */
const NEWSLETTER_BENCH_SLUG = "the-1-percent-habit";

/** The operator's token that wrangler.toml's local `[vars]` sets. */
const SEND_TOKEN = "local-send-token";

/** This run's own state and the server's log; removed at the start of each run. */
const WORK_DIR = path.join(ROOT, ".wrangler", "bench-newsletter");
const PERSIST_DIR = path.join(WORK_DIR, "state");
const SERVER_LOG = path.join(WORK_DIR, "wrangler.log");

/** Where `wrangler dev --config build/server/wrangler.json` writes each sent mail, one folder per session. */
const MAIL_DIR = path.join(ROOT, "build", "server", ".wrangler", "tmp", "email");

/** Polling: once a second, giving up after 15 minutes, or after 60 s without a new delivery. */
const POLL_INTERVAL_MS = 1000;
const SEND_TIMEOUT_MS = 15 * 60_000;
const STALL_MS = 60_000;

/** The consumer's log line for a batch that failed and goes back to the queue. */
const RETRY_EVENT = "newsletter.batch_failed";

/** `--readers N`: how many confirmed readers to seed. */
const OptionsSchema = v.object({
  readers: v.pipe(
    v.optional(v.string(), "10000"),
    v.transform(Number),
    v.integer("--readers takes a whole number"),
    v.minValue(1),
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
  commit: string;
  slug: string;
  /** Confirmed readers seeded. */
  readers: number;
  /** The endpoint's 202 answer, and how long it took to come, in ms. */
  answer: { recipients: number; batches: number; answeredMs: number };
  /** Rows in `newsletter_deliveries` for the issue when polling ended, and why it ended. */
  deliveries: number;
  ended: "complete" | "stalled" | "timeout";
  /** Text parts wrangler wrote during this run. */
  mailsWritten: number;
  distinctRecipients: number;
  /** Recipients with more than one mail. */
  duplicates: number;
  /** Seeded readers with no mail. */
  missing: number;
  /** Mails without a readable unsubscribe link, or whose link names an address that was not seeded. */
  unreadable: number;
  /** Consumer log lines for a failed batch (each one a batch sent back to the queue). */
  retries: number;
  /** From the POST to the last delivery's `sent_at`, in s. */
  seconds: number;
  mailsPerSecond: number;
  passed: boolean;
}

/** The address `index` (1-based) of the seeded readers. */
function formatReaderAddress(index: number): string {
  return `reader-${String(index).padStart(6, "0")}@readers.vpf.test`;
}

/** One statement: `readers` confirmed readers who signed up on /newsletter a day ago. */
function buildSeedSql(readers: number, nowMs: number): string {
  const signedUpMs = nowMs - 86_400_000;
  return `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${readers})
INSERT INTO newsletter_signups (email, created_at, status, requested_at, consent_source, confirmation_sent_at, confirmed_at)
SELECT printf('reader-%06d@readers.vpf.test', i), ${signedUpMs}, 'confirmed', ${signedUpMs}, '/newsletter', ${signedUpMs}, ${signedUpMs}
FROM n`;
}

/** Every `.txt` file under the mail folder, as absolute paths. */
function listMailTexts(): string[] {
  if (!existsSync(MAIL_DIR)) return [];
  return readdirSync(MAIL_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".txt"))
    .map((file) => path.join(MAIL_DIR, file));
}

/**
 * The address an issue mail's unsubscribe link names (its token is `<base64url JSON>.<signature>`; the signature is
 * the worker's to check), or `null` when the text has no readable link.
 */
function readRecipient(text: string): string | null {
  const link = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[^\s<>()[\]]+/.exec(text)?.[0];
  const token = link ? new URL(link).searchParams.get("token") : null;
  const body = token?.split(".")[0];
  if (!body) return null;
  try {
    const parsed = v.safeParse(UnsubscribeTokenSchema, JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    return parsed.success ? parsed.output.e : null;
  } catch {
    return null;
  }
}

/** Mails per recipient against the seeded addresses: distinct recipients, duplicates, missing and unreadable. */
function tallyRecipients(recipients: Array<string | null>, seeded: ReadonlySet<string>) {
  const mailsByRecipient = new Map<string, number>();
  let unreadable = 0;
  for (const recipient of recipients) {
    if (recipient === null || !seeded.has(recipient)) unreadable++;
    else mailsByRecipient.set(recipient, (mailsByRecipient.get(recipient) ?? 0) + 1);
  }
  return {
    distinctRecipients: mailsByRecipient.size,
    duplicates: [...mailsByRecipient.values()].filter((count) => count > 1).length,
    missing: seeded.size - mailsByRecipient.size,
    unreadable,
  };
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
async function startNewsletterServer(port: number): Promise<NewsletterServer> {
  const args = buildDevServerArgs({
    port,
    inspectorPort: await findFreePort(port + 1),
    persistDir: PERSIST_DIR,
    extra: ["--var", "FORMS_MODE:d1", "--var", `SITE_URL:http://127.0.0.1:${port}`],
  });
  const child = spawn(WRANGLER_BIN, args, {
    cwd: ROOT,
    env: WRANGLER_ENV,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output = createWriteStream(SERVER_LOG);
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
async function stopNewsletterServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  stopDevServer(child);
  await Promise.race([exited, waitFor(10_000)]);
}

/**
 * Polls the deliveries once a second until `readers` are recorded, none is added for 60 s, or 15 minutes
 * pass. The local D1 file is read directly (read-only; workerd keeps it in WAL mode): a `wrangler d1 execute`
 * takes about 4 s of a core, which would slow the send it measures.
 */
async function waitForDeliveries(
  readers: number,
  startedMs: number,
): Promise<{ deliveries: number; lastSentMs: number | null; ended: NewsletterSendReport["ended"] }> {
  const db = new DatabaseSync(findFormsDatabaseFile(PERSIST_DIR), { readOnly: true, timeout: 1000 });
  const count = db.prepare(
    "SELECT COUNT(*) AS n, MAX(sent_at) AS last FROM newsletter_deliveries WHERE issue_slug = ?",
  );
  try {
    let deliveries = 0;
    let lastSentMs: number | null = null;
    let grewAtMs = Date.now();
    let loggedAtMs = 0;
    for (;;) {
      try {
        const row = count.get(NEWSLETTER_BENCH_SLUG) as { n: number; last: number | null };
        if (row.n > deliveries) grewAtMs = Date.now();
        deliveries = row.n;
        lastSentMs = row.last;
      } catch (error) {
        // A busy database skips one reading; the next second tries again.
        if (!/locked|busy/i.test(String(error))) throw error;
      }
      const now = Date.now();
      if (now - loggedAtMs >= 10_000) {
        log(`${deliveries} of ${readers} delivered after ${Math.round((now - startedMs) / 1000)} s`);
        loggedAtMs = now;
      }
      if (deliveries >= readers) return { deliveries, lastSentMs, ended: "complete" };
      if (now - grewAtMs >= STALL_MS) return { deliveries, lastSentMs, ended: "stalled" };
      if (now - startedMs >= SEND_TIMEOUT_MS) return { deliveries, lastSentMs, ended: "timeout" };
      await waitFor(POLL_INTERVAL_MS);
    }
  } finally {
    db.close();
  }
}

/** This run's mail texts, once no new one has appeared for 5 s (wrangler writes them after each send returns). */
async function collectMailTexts(before: ReadonlySet<string>): Promise<string[]> {
  const deadline = Date.now() + 60_000;
  let files = listMailTexts().filter((file) => !before.has(file));
  while (Date.now() < deadline) {
    await waitFor(5000);
    const now = listMailTexts().filter((file) => !before.has(file));
    if (now.length === files.length) break;
    files = now;
  }
  return files;
}

/** The report as a small Markdown table. */
export function renderNewsletterSendMarkdown(report: NewsletterSendReport): string {
  const rows: Array<[string, string | number]> = [
    ["readers seeded (confirmed)", report.readers],
    ["202 answer: recipients", report.answer.recipients],
    ["202 answer: batches", report.answer.batches],
    ["202 answer after (ms)", report.answer.answeredMs],
    ["deliveries recorded", `${report.deliveries} (${report.ended})`],
    ["mails written", report.mailsWritten],
    ["distinct recipients", report.distinctRecipients],
    ["duplicates (recipients with more than one mail)", report.duplicates],
    ["recipients missing", report.missing],
    ["mails without a seeded reader's link", report.unreadable],
    [`retries (\`${RETRY_EVENT}\` log lines)`, report.retries],
    ["time, POST to last delivery (s)", report.seconds],
    ["mails per second", report.mailsPerSecond],
  ];
  return [
    `# The newsletter at ${report.readers.toLocaleString("en")} readers`,
    "",
    `\`${report.slug}\`, ${report.commit}, measured ${report.measuredAt} on ${report.machine}: ` +
      (report.passed ? "**passed**" : "**FAILED**") +
      " (exactly one mail per reader).",
    "",
    "| figure | value |",
    "| --- | --- |",
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    "",
  ].join("\n");
}

/**
 * Runs the measurement and writes `bench/results/newsletter-send.json` and `.md`; sets a non-zero exit code unless
 * exactly one mail reached each reader. Throws when the server does not start or the send is refused.
 */
export async function runNewsletterSendBench(): Promise<void> {
  const { readers } = v.parse(OptionsSchema, { readers: readOption("readers") });
  if (!existsSync(path.join(ROOT, "build", "server", "wrangler.json"))) {
    log("no build yet: building");
    buildSite();
  }
  rmSync(WORK_DIR, { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });
  log("applying migrations to a fresh local D1");
  applyLocalMigrations(PERSIST_DIR);
  log(`seeding ${readers} confirmed readers`);
  const [, seeded] = executeFormsSql<{ n: number }>(
    "local",
    `${buildSeedSql(readers, Date.now())};\nSELECT COUNT(*) AS n FROM newsletter_signups WHERE status = 'confirmed'`,
    PERSIST_DIR,
  );
  if (seeded?.results[0]?.n !== readers) throw new Error(`seeded ${seeded?.results[0]?.n} readers, not ${readers}`);

  rmSync(MAIL_DIR, { recursive: true, force: true });
  const before = new Set(listMailTexts());
  const port = await findFreePort(Number(process.env.BENCH_PORT ?? 8900));
  const origin = `http://127.0.0.1:${port}`;
  log(`serving the build with FORMS_MODE=d1 on ${origin}; its output goes to ${path.relative(ROOT, SERVER_LOG)}`);
  const server = await startNewsletterServer(port);
  try {
    log(`POST /api/newsletter/send {"slug":"${NEWSLETTER_BENCH_SLUG}"}`);
    const startedMs = Date.now();
    const response = await fetch(`${origin}/api/newsletter/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${SEND_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ slug: NEWSLETTER_BENCH_SLUG }),
    });
    const answeredMs = Date.now() - startedMs;
    const body = await response.text();
    if (response.status !== 202) throw new Error(`the send answered ${response.status}: ${body}`);
    const answer = v.parse(SendStartSchema, JSON.parse(body));
    log(`202 after ${answeredMs} ms: ${answer.recipients} recipients in ${answer.batches} batches`);

    const { deliveries, lastSentMs, ended } = await waitForDeliveries(readers, startedMs);
    log(`${deliveries} deliveries recorded (${ended}); reading the mail written`);
    // The session's mail folder goes when wrangler exits, so the mail is read while it runs.
    const files = await collectMailTexts(before);
    const recipients = files.map((file) => readRecipient(readFileSync(file, "utf8")));
    const seededAddresses = new Set(Array.from({ length: readers }, (_, index) => formatReaderAddress(index + 1)));
    const tally = tallyRecipients(recipients, seededAddresses);
    const seconds = lastSentMs === null ? 0 : roundTo((lastSentMs - startedMs) / 1000, 1);
    const passed =
      ended === "complete" &&
      files.length === readers &&
      tally.duplicates === 0 &&
      tally.missing === 0 &&
      tally.unreadable === 0;
    const report: NewsletterSendReport = {
      measuredAt: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, Node ${process.version}, ${cpus().length} cores`,
      commit: describeCheckout(ROOT),
      slug: NEWSLETTER_BENCH_SLUG,
      readers,
      answer: { recipients: answer.recipients, batches: answer.batches, answeredMs },
      deliveries,
      ended,
      mailsWritten: files.length,
      ...tally,
      retries: server.retries(),
      seconds,
      mailsPerSecond: seconds > 0 ? roundTo(files.length / seconds, 1) : 0,
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
  }
}

// Importing this module (a type check, `run.ts`) must not start a run.
if (import.meta.main) await runNewsletterSendBench();
