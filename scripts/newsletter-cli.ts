/** The pure parts of `npm run newsletter`, which `scripts/newsletter.ts` runs. */
import * as v from "valibot";
import type { NewsletterIssue } from "../content/newsletter-issue-schema.ts";
import { isEmailAddressSyntax } from "../core/email-address.ts";
import { readCommandLine } from "./cli-args.ts";
import { CRON_SEND_WINDOW_MS, STALE_CLAIM_MS, findNextCronRunMs, isInCronWindow } from "../core/newsletter-schedule.ts";
import { escapeHiddenCharacters } from "../core/visible-text.ts";

export const NEWSLETTER_USAGE = `Usage:
  npm run newsletter -- status [--remote]
  npm run newsletter -- preview SLUG
  npm run newsletter -- send SLUG [--now | --test ADDRESS] [--resend-unknown] [--url URL | --remote]
Without --remote, status reads the local database and send posts to the local site
(--url, else http://127.0.0.1:$PORT or :8787, token NEWSLETTER_SEND_TOKEN or "local-send-token").
--remote: status reads the production database; send posts to SITE_URL with NEWSLETTER_SEND_TOKEN,
both from the environment.
send refuses an issue whose sendDate is still to come unless --now is given. On an issue already
started it goes on: every reader of the send not mailed yet, and those whose batch failed; a reader
whose batch was cut off after it may have reached the provider is recorded unknown and not mailed
again. status lists them: check them in the provider's log; send --resend-unknown mails them again.
send --test ADDRESS mails the issue to that one address through the same provider, and records nothing.
npm run newsletter -- --help prints this.`;

const SlugSchema = v.pipe(
  v.string("needs the issue's SLUG"),
  v.nonEmpty("needs the issue's SLUG"),
  v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "SLUG must be kebab-case, the issue's file name without .md"),
);

export const NewsletterArgsSchema = v.variant("command", [
  v.object({ command: v.literal("status"), remote: v.boolean() }),
  v.object({ command: v.literal("preview"), slug: SlugSchema }),
  v.pipe(
    v.object({
      command: v.literal("send"),
      slug: SlugSchema,
      remote: v.boolean(),
      now: v.boolean(),
      test: v.optional(v.pipe(v.string(), v.check(isEmailAddressSyntax, "--test needs an e-mail address"))),
      url: v.optional(v.pipe(v.string(), v.url("--url must be a URL such as http://127.0.0.1:8787"))),
      resendUnknown: v.boolean(),
    }),
    v.check((args) => !(args.remote && args.url !== undefined), "--url and --remote exclude each other"),
    v.check((args) => !(args.now && args.test !== undefined), "--now and --test exclude each other"),
    v.check(
      (args) => !(args.resendUnknown && args.test !== undefined),
      "--resend-unknown and --test exclude each other",
    ),
  ),
]);

export type NewsletterArgs = v.InferOutput<typeof NewsletterArgsSchema>;

const COMMAND_OPTIONS: Record<string, string[]> = {
  status: ["remote"],
  preview: [],
  send: ["remote", "now", "url", "test", "resend-unknown"],
};

/** Reads the arguments after `npm run newsletter --`; throws with the reason and the usage when they do not fit. */
export function parseNewsletterArgs(argv: readonly string[]): NewsletterArgs {
  const { values, positionals } = readCommandLine(
    argv,
    {
      remote: { type: "boolean" },
      now: { type: "boolean" },
      url: { type: "string" },
      test: { type: "string" },
      "resend-unknown": { type: "boolean" },
    },
    NEWSLETTER_USAGE,
  );
  const [command, slug, ...rest] = positionals;
  const allowed = Object.hasOwn(COMMAND_OPTIONS, String(command)) ? COMMAND_OPTIONS[String(command)] : undefined;
  const stray = Object.keys(values).find((name) => !allowed?.includes(name));
  if (allowed && stray !== undefined) throw new Error(`Unknown argument "--${stray}".\n${NEWSLETTER_USAGE}`);
  const extra = command === "status" ? slug : rest[0];
  if (extra !== undefined) throw new Error(`Unknown argument "${extra}".\n${NEWSLETTER_USAGE}`);
  // The schema drops what a command does not take.
  const { remote = false, now = false, url, test, "resend-unknown": resendUnknown = false } = values;
  const parsed = v.safeParse(NewsletterArgsSchema, { command, slug, remote, now, url, test, resendUnknown });
  if (!parsed.success) {
    const reason = allowed
      ? `${String(command)} ${parsed.issues[0]?.message ?? "has invalid arguments"}`.replace(/^\w+ (?=--)/, "")
      : `Unknown command "${String(command)}"`;
    throw new Error(`${reason}.\n${NEWSLETTER_USAGE}`);
  }
  return parsed.output;
}

/** The token `wrangler.toml`'s local `[vars]` sets, so a local send needs no setup. */
export const LOCAL_SEND_TOKEN = "local-send-token";

function trimOrigin(url: string): string {
  return url.replace(/\/+$/, "");
}

/**
 * The endpoint (e.g. `http://127.0.0.1:8787/api/newsletter/send`) and bearer token of a send: locally `--url` or
 * 127.0.0.1 on `PORT` (8787) and `NEWSLETTER_SEND_TOKEN` or the local default; with `--remote` `SITE_URL` and
 * `NEWSLETTER_SEND_TOKEN`, both required. Throws a message naming the missing variable.
 */
export function resolveSendTarget(
  args: { remote: boolean; url?: string },
  env: Readonly<Record<string, string | undefined>>,
): { endpoint: string; token: string } {
  const token = env.NEWSLETTER_SEND_TOKEN?.trim() ?? "";
  if (args.remote) {
    const site = env.SITE_URL?.trim() ?? "";
    if (!v.is(v.pipe(v.string(), v.url(), v.startsWith("https://")), site)) {
      throw new Error(
        `send --remote needs SITE_URL, the deployed site's https origin (got "${site}"): ` +
          "SITE_URL=https://your.domain NEWSLETTER_SEND_TOKEN=… npm run newsletter -- send SLUG --remote",
      );
    }
    if (token === "") {
      throw new Error(
        "send --remote needs NEWSLETTER_SEND_TOKEN, the value you stored with " +
          "`npx wrangler secret put NEWSLETTER_SEND_TOKEN --env production`.",
      );
    }
    return { endpoint: `${trimOrigin(site)}/api/newsletter/send`, token };
  }
  const base = args.url ?? `http://127.0.0.1:${env.PORT?.trim() || "8787"}`;
  return { endpoint: `${trimOrigin(base)}/api/newsletter/send`, token: token === "" ? LOCAL_SEND_TOKEN : token };
}

/** The worker's answers, read from the body text. */
const fromJson = <T extends v.GenericSchema>(schema: T) => v.pipe(v.string(), v.parseJson(), schema);
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const SendAcceptedSchema = fromJson(v.object({ slug: v.string(), recipients: Count, batches: Count }));
const TestSentSchema = fromJson(v.object({ slug: v.string(), test: v.string() }));
const ErrorEnvelopeSchema = fromJson(v.object({ error: v.string(), message: v.optional(v.string()) }));

/** What a status may mean beyond the worker's own words, when its error code says no more. */
const STATUS_HINTS: Record<number, string> = {
  401: "the token does not match the site's NEWSLETTER_SEND_TOKEN",
  403: "the token does not match the site's NEWSLETTER_SEND_TOKEN",
  404: "the site has no NEWSLETTER_SEND_TOKEN set, so it offers no send",
  409: "a send goes to each reader once; `npm run newsletter -- status` shows how far it got",
  503: "the mail provider could not take the mail now: try again in a few minutes",
};

/** A send as the CLI asked for it. */
export interface SendRequestContext {
  slug: string;
  /** `--remote`: the deployed site; else a local server. */
  remote: boolean;
  /** Whether `content/newsletters/` holds the issue. */
  inContent: boolean;
}

/** The one fix for a refusal whose error code names its cause; `undefined` for the others. */
function findFix(error: string, context: SendRequestContext): string | undefined {
  const file = `content/newsletters/${escapeHiddenCharacters(context.slug)}.md`;
  switch (error) {
    case "forms_simulated":
      return context.remote
        ? 'set FORMS_MODE to "d1" for the deployed site in wrangler.toml, then npm run deploy'
        : "start the server with `FORMS_MODE=d1 npm start`";
    case "newsletter_unconfigured":
      return "the site's config.invalid warning (in its log) names the missing setting";
    case "unknown_issue":
      if (!context.inContent) {
        return `there is no ${file}: check the slug (\`npm run newsletter -- status\` lists the issues)`;
      }
      return context.remote
        ? `the deployed build was made before ${file}: run npm run deploy, then send again`
        : `${file} is not in the running server's build, made before it was added: stop the server (Ctrl+C) and run \`FORMS_MODE=d1 npm start\` again, which rebuilds`;
    default:
      return undefined;
  }
}

/**
 * The lines the CLI prints for the answer of `POST /api/newsletter/send` (HTTP status and body text) to the send
 * `context` asked for, and whether it counts as success: the recipients and batches on 202, else the error
 * envelope or the start of the body, with the fix when the error code names the one cause.
 */
export function describeSendAnswer(
  status: number,
  body: string,
  context: SendRequestContext,
): { ok: boolean; text: string } {
  const tested = v.safeParse(TestSentSchema, body);
  if (status === 200 && tested.success) {
    const [slug, test] = [tested.output.slug, tested.output.test].map((text) => escapeHiddenCharacters(text));
    return { ok: true, text: `Test of "${slug}" sent to ${test}; nothing was recorded.` };
  }
  const accepted = v.safeParse(SendAcceptedSchema, body);
  if (status >= 200 && status < 300 && accepted.success) {
    const { slug, recipients, batches } = accepted.output;
    const queued = `Sending "${escapeHiddenCharacters(slug)}": ${recipients} recipient(s) in ${batches} batch(es) queued.`;
    return { ok: true, text: `${queued} \`npm run newsletter -- status\` shows the deliveries.` };
  }
  const envelope = v.safeParse(ErrorEnvelopeSchema, body);
  const error = envelope.success ? envelope.output.error : "";
  // A not-due refusal says what to do in its own message.
  const hint = error === "not_due" ? undefined : (findFix(error, context) ?? STATUS_HINTS[status]);
  const detail = envelope.success
    ? `${envelope.output.error}${envelope.output.message ? `: ${envelope.output.message}` : ""}`
    : `unexpected answer: ${body.slice(0, 200).trim() || "(empty)"}`;
  return {
    ok: false,
    text: `Refused (HTTP ${status}) ${escapeHiddenCharacters(detail)}${hint ? `\n  (${hint})` : ""}`,
  };
}

/**
 * Three statements: readers per status (`StatusCountRow`), then every started send, newest first (`SendRow`), whose
 * `waiting` readers have no row yet and whose `unknown` readers are recorded so or hold a claim older than
 * `STALE_CLAIM_MS` at `nowMs` (its batch was cut off, decision 016), then those unknown readers (`UnknownReaderRow`).
 */
export function buildStatusSql(nowMs: number): string {
  const unknown = `(d.outcome = 'unknown' OR (d.outcome = 'sending' AND d.at < ${Math.trunc(nowMs) - STALE_CLAIM_MS}))`;
  return `SELECT status, COUNT(*) AS count FROM newsletter_signups GROUP BY status;
SELECT s.issue_slug, s.started_at, s.recipients, s.batches, s.trigger,
  (SELECT COUNT(*) FROM newsletter_deliveries AS d WHERE d.issue_slug = s.issue_slug AND d.outcome = 'delivered') AS delivered,
  (SELECT COUNT(*) FROM newsletter_deliveries AS d WHERE d.issue_slug = s.issue_slug AND d.outcome = 'refused') AS refused,
  (SELECT COUNT(*) FROM newsletter_deliveries AS d WHERE d.issue_slug = s.issue_slug AND d.outcome = 'failed') AS failed,
  (SELECT COUNT(*) FROM newsletter_deliveries AS d WHERE d.issue_slug = s.issue_slug AND ${unknown}) AS unknown,
  (SELECT COUNT(*) FROM newsletter_signups AS r WHERE r.status = 'confirmed' AND r.confirmed_at <= s.started_at
    AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries AS d WHERE d.issue_slug = s.issue_slug AND d.reader_id = r.id))
    AS waiting,
  (SELECT MAX(d.at) FROM newsletter_deliveries AS d WHERE d.issue_slug = s.issue_slug) AS last_at
FROM newsletter_sends AS s ORDER BY s.started_at DESC;
SELECT d.issue_slug, r.email FROM newsletter_deliveries AS d JOIN newsletter_signups AS r ON r.id = d.reader_id
WHERE ${unknown} ORDER BY d.issue_slug, r.id`;
}

/** A reader of unknown fate for an issue: their batch may have reached the provider. */
export type UnknownReaderRow = { issue_slug: string; email: string };

export type StatusCountRow = { status: string; count: number };

/** Times in ms since the epoch. */
export type SendRow = { issue_slug: string; trigger: string; last_at: number | null } & Record<
  "started_at" | "recipients" | "batches" | "delivered" | "refused" | "failed" | "unknown" | "waiting",
  number
>;

export type IssueSummary = Pick<NewsletterIssue, "slug" | "title" | "sendAt">;

const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed", "bounced", "complained"];

/** What a send's line ends with: done, done with failures, in progress, or incomplete with what to run. */
function describeSendState(send: SendRow, now: number): string {
  const slug = escapeHiddenCharacters(send.issue_slug);
  if (send.waiting > 0) {
    const lastMs = Math.max(send.started_at, send.last_at ?? 0);
    return now - lastMs < STALE_CLAIM_MS
      ? `in progress: ${send.waiting} reader(s) not yet mailed`
      : `incomplete: ${send.waiting} reader(s) not yet mailed; run send again (npm run newsletter -- send ${slug})`;
  }
  if (send.failed > 0) return `done with failures: run send again to retry the ${send.failed} failed`;
  if (send.unknown > 0) {
    return (
      `done; ${send.unknown} cut off, not mailed again: check them in the provider's log, then ` +
      `npm run newsletter -- send ${slug} --resend-unknown mails them`
    );
  }
  return "done";
}

/** Why an issue no send has started is waiting, against the cron's real schedule and window. */
function describeWaitingIssue(issue: IssueSummary, now: number): string {
  const sendAtMs = Date.parse(issue.sendAt);
  if (sendAtMs > now) return "";
  const nextRunMs = findNextCronRunMs(now);
  if (isInCronWindow(sendAtMs, nextRunMs)) {
    return `  (due: the run of ${new Date(nextRunMs).toISOString()} sends it)`;
  }
  const days = CRON_SEND_WINDOW_MS / 86_400_000;
  return `  (too old for the cron, which sends an issue within ${days} days of its date: send by hand)`;
}

/**
 * The `status` report: readers per status, each started send (its readers per outcome and its state, rule 6.8,
 * then the address of each reader of unknown fate), then the content issues no send has started, by send date,
 * against the cron's schedule at `now` (ms).
 */
export function formatNewsletterStatus(
  counts: readonly StatusCountRow[],
  sends: readonly SendRow[],
  issues: readonly IssueSummary[],
  now: number,
  unknownReaders: readonly UnknownReaderRow[] = [],
): string {
  const byStatus = new Map(counts.map((row) => [row.status, Number(row.count)]));
  const others = [...byStatus.keys()].filter((status) => !SUBSCRIBER_STATUSES.includes(status));
  const started = new Set(sends.map((send) => send.issue_slug));
  const waiting = issues
    .filter((issue) => !started.has(issue.slug))
    .toSorted((a, b) => Date.parse(a.sendAt) - Date.parse(b.sendAt));
  return [
    "Subscribers:",
    ...[...SUBSCRIBER_STATUSES, ...others].map(
      (status) => `  ${`${escapeHiddenCharacters(status)}:`.padEnd(14)}${byStatus.get(status) ?? 0}`,
    ),
    "",
    sends.length === 0 ? "Sent issues: none" : "Sent issues (newest first):",
    ...sends.flatMap((send) => [
      `  ${escapeHiddenCharacters(send.issue_slug)}  started ${new Date(send.started_at).toISOString()} ` +
        `(${escapeHiddenCharacters(send.trigger)})  recipients ${send.recipients}  ` +
        `delivered ${send.delivered}  refused ${send.refused}  failed ${send.failed}  unknown ${send.unknown}  ` +
        describeSendState(send, now),
      ...unknownReaders
        .filter((reader) => reader.issue_slug === send.issue_slug)
        .map((reader) => `    unknown: ${escapeHiddenCharacters(reader.email)}`),
    ]),
    "",
    waiting.length === 0 ? "Issues not sent yet: none" : "Issues not sent yet (by send date):",
    ...waiting.map(
      (issue) =>
        `  ${issue.slug}  send date ${issue.sendAt}  "${escapeHiddenCharacters(issue.title)}"${describeWaitingIssue(issue, now)}`,
    ),
  ].join("\n");
}

/**
 * The links a preview of `slug` puts where a subscriber's own go: the site is `SITE_URL` (else
 * http://localhost:8787), the unsubscribe link carries the token `PREVIEW`, which the site refuses as invalid.
 */
export function buildPreviewLinks(slug: string, siteUrl: string | undefined) {
  const site = trimOrigin(siteUrl?.trim() || "http://localhost:8787");
  return {
    siteUrl: site,
    webViewUrl: `${site}/newsletter/issues/${slug}`,
    unsubscribeUrl: `${site}/newsletter/unsubscribe?token=PREVIEW`,
  };
}

/** The issue with `slug`; throws naming the known slugs when there is none. */
export function findIssue<Issue extends { slug: string }>(issues: readonly Issue[], slug: string): Issue {
  const issue = issues.find((candidate) => candidate.slug === slug);
  if (issue) return issue;
  const known = issues.map((candidate) => candidate.slug).join(", ") || "none";
  throw new Error(`No issue "${slug}" in content/newsletters/ (known: ${known}).`);
}
