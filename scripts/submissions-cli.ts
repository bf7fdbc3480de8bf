/**
 * The pure parts of `npm run submissions` (rule 6.6): its arguments, read
 * with `SubmissionsArgsSchema`, the SQL it runs, and the CSV it writes.
 * `scripts/submissions.ts` runs them through wrangler.
 */
import * as v from "valibot";
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from "../core/forms.ts";

/** Usage text, printed for any argument the schema refuses. */
export const SUBMISSIONS_USAGE = `Usage:
  npm run submissions -- list [--remote]
  npm run submissions -- export --csv [--remote]
  npm run submissions -- delete --email ADDRESS [--remote]
Without --remote the local database that npm start serves is used.`;

/** The command line, once read: what to do, and on which database. */
export const SubmissionsArgsSchema = v.variant("command", [
  v.object({ command: v.literal("list"), remote: v.boolean() }),
  v.object({ command: v.literal("export"), csv: v.literal(true, "export needs --csv"), remote: v.boolean() }),
  v.object({
    command: v.literal("delete"),
    email: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty("delete needs --email ADDRESS"),
      v.regex(EMAIL_PATTERN, "--email must be an e-mail address"),
      v.maxLength(MAX_EMAIL_LENGTH, "--email is too long"),
    ),
    remote: v.boolean(),
  }),
]);

/** Parsed arguments. */
export type SubmissionsArgs = v.InferOutput<typeof SubmissionsArgsSchema>;

/**
 * Reads the arguments after `npm run submissions --`.
 *
 * @throws Error with the schema's message and the usage when they do not fit.
 */
export function parseSubmissionsArgs(argv: readonly string[]): SubmissionsArgs {
  const raw: Record<string, unknown> = { command: argv[0], remote: false, csv: false, email: "" };
  for (let index = 1; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "--remote") raw.remote = true;
    else if (arg === "--csv") raw.csv = true;
    else if (arg === "--email") raw.email = argv[++index];
    else if (arg?.startsWith("--email=")) raw.email = arg.slice("--email=".length);
    else throw new Error(`Unknown argument "${arg}".\n${SUBMISSIONS_USAGE}`);
  }
  const parsed = v.safeParse(SubmissionsArgsSchema, raw);
  if (!parsed.success) {
    const known = ["list", "export", "delete"].includes(String(raw.command));
    const reason = known
      ? (parsed.issues[0]?.message ?? "Invalid arguments")
      : `Unknown command "${String(raw.command)}"`;
    throw new Error(`${reason}.\n${SUBMISSIONS_USAGE}`);
  }
  return parsed.output;
}

/** A SQL string literal: single quotes doubled (the address already passed the e-mail pattern). */
function quoteSql(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Every kept submission, newest first, as one result set with a `kind` column. */
export const LIST_SQL = `SELECT 'contact' AS kind, created_at, email, name, subject, message FROM contact_messages
UNION ALL SELECT 'newsletter' AS kind, created_at, email, '' AS name, '' AS subject, '' AS message FROM newsletter_signups
ORDER BY created_at DESC`;

/** The statements that delete everything kept for one address (any letter case). */
export function buildDeleteSql(email: string): string {
  const address = quoteSql(email);
  return [
    `DELETE FROM contact_messages WHERE email = ${address} COLLATE NOCASE`,
    `DELETE FROM newsletter_signups WHERE email = ${address} COLLATE NOCASE`,
  ].join("; ");
}

/** One kept submission, as `LIST_SQL` returns it (`created_at` in ms since the epoch). */
export interface SubmissionRow {
  kind: string;
  created_at: number;
  email: string;
  name: string;
  subject: string;
  message: string;
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line
 * break; a cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`,
 * tab, carriage return first) gets a leading `'` (OWASP, CSV injection).
 */
function formatCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The rows as CSV with a header line, times in ISO 8601 UTC, lines ending in CRLF. */
export function formatSubmissionsCsv(rows: readonly SubmissionRow[]): string {
  const header = ["kind", "created_at", "email", "name", "subject", "message"];
  const lines = rows.map((row) =>
    [row.kind, new Date(row.created_at).toISOString(), row.email, row.name, row.subject, row.message]
      .map(formatCell)
      .join(","),
  );
  return [header.join(","), ...lines].join("\r\n") + "\r\n";
}
