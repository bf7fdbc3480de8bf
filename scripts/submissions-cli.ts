/** The pure parts of `npm run submissions` (rule 6.6): arguments, SQL and CSV; `scripts/submissions.ts` runs them. */
import * as v from "valibot";
import { type EmailAddress, EmailAddressSchema, readEmailKey } from "../core/email-address.ts";
import { escapeHiddenCharacters } from "../core/visible-text.ts";
import { readCommandLine } from "./cli-args.ts";
import type { D1StatementResult } from "./wrangler.ts";

export const SUBMISSIONS_USAGE = `Usage:
  npm run submissions -- list [--remote]
  npm run submissions -- export --csv [--remote]
  npm run submissions -- delete --email ADDRESS [--remote]
  npm run submissions -- --help
Without --remote the local database that npm start serves is used; --remote is the production one.`;

export const SubmissionsArgsSchema = v.variant("command", [
  v.object({ command: v.literal("list"), remote: v.boolean() }),
  v.object({ command: v.literal("export"), csv: v.literal(true, "export needs --csv"), remote: v.boolean() }),
  v.object({
    command: v.literal("delete"),
    // Parsed and folded like a visitor's address, so every spelling of it finds the stored rows.
    email: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty("delete needs --email ADDRESS"),
      v.check((text) => v.is(EmailAddressSchema, text), "--email must be an e-mail address"),
      v.transform((text) => v.parse(EmailAddressSchema, text)),
    ),
    remote: v.boolean(),
  }),
]);

export type SubmissionsArgs = v.InferOutput<typeof SubmissionsArgsSchema>;

/** Reads the arguments after `npm run submissions --`; throws with the reason and the usage when they do not fit. */
export function parseSubmissionsArgs(argv: readonly string[]): SubmissionsArgs {
  const { values, positionals } = readCommandLine(
    argv,
    { remote: { type: "boolean" }, csv: { type: "boolean" }, email: { type: "string" } },
    SUBMISSIONS_USAGE,
  );
  const [command, extra] = positionals;
  if (extra !== undefined) throw new Error(`Unknown argument "${extra}".\n${SUBMISSIONS_USAGE}`);
  const { remote = false, csv = false, email = "" } = values;
  const parsed = v.safeParse(SubmissionsArgsSchema, { command, remote, csv, email });
  if (!parsed.success) {
    const reason = ["list", "export", "delete"].includes(String(command))
      ? (parsed.issues[0]?.message ?? "Invalid arguments")
      : `Unknown command "${String(command)}"`;
    throw new Error(`${reason}.\n${SUBMISSIONS_USAGE}`);
  }
  return parsed.output;
}

/** Every kept submission, newest first; readers who left keep no times (rule 6.8), so they come last. */
export const LIST_SQL = `SELECT * FROM (
SELECT 'contact' AS kind, created_at, email, name, subject, message, '' AS status, NULL AS status_at
FROM contact_messages
UNION ALL SELECT 'newsletter' AS kind, requested_at AS created_at, email, '' AS name, '' AS subject, '' AS message,
status, CASE status WHEN 'confirmed' THEN confirmed_at WHEN 'pending' THEN requested_at END AS status_at
FROM newsletter_signups)
ORDER BY created_at IS NULL, created_at DESC`;

/**
 * Deletes everything kept for one address, in any spelling (its `readEmailKey`); the database's trigger takes the
 * reader's deliveries with it. Each statement returns a row per deleted row, since local D1 reports no `changes`.
 */
export function buildDeleteSql(email: EmailAddress): string {
  const key = `'${readEmailKey(email).replaceAll("'", "''")}'`;
  return [
    `DELETE FROM contact_messages WHERE email_key = ${key} RETURNING 1 AS deleted`,
    `DELETE FROM newsletter_signups WHERE email_key = ${key} RETURNING 1 AS deleted`,
  ].join("; ");
}

/** How many rows `buildDeleteSql`'s statements deleted. */
export function countDeletedRows(statements: ReadonlyArray<D1StatementResult<unknown>>): number {
  return statements.reduce((total, statement) => total + statement.results.length, 0);
}

/**
 * One row of `LIST_SQL` (times in ms since the epoch): `status` is a newsletter reader's (empty for a contact
 * message) and `status_at` when it took it; `created_at` is null for a reader who left, `status_at` when none is kept.
 */
export type SubmissionRow = Record<"kind" | "email" | "name" | "subject" | "message" | "status", string> &
  Record<"created_at" | "status_at", number | null>;

const CSV_COLUMNS = ["kind", "created_at", "email", "name", "subject", "message", "status", "status_at"] as const;

/** A part a spreadsheet would run as a formula: `=`, `+`, `-`, `@`, tab or CR first, after any spaces. */
const FORMULA_START = /(^|[,;\n])( *)(?=[=+\-@\t\r])/g;

/**
 * One CSV cell (RFC 4180), quoted, hidden characters escaped; a `'` defuses every part that starts with a
 * formula character, so a spreadsheet that splits on `;` or ignores the quotes still reads text.
 */
function formatCsvCell(value: string): string {
  const visible = escapeHiddenCharacters(value, { keepLineFeeds: true });
  const defused = visible.replace(FORMULA_START, "$1'$2");
  return `"${defused.replaceAll('"', '""')}"`;
}

/** A time in ms as ISO 8601 UTC, empty when there is none. */
function formatTime(ms: number | null): string {
  return ms === null ? "" : new Date(ms).toISOString();
}

/** The rows as CSV with a header line, every field quoted, times in ISO 8601 UTC, lines ending in CRLF. */
export function formatSubmissionsCsv(rows: readonly SubmissionRow[]): string {
  const lines = rows.map((row) =>
    CSV_COLUMNS.map((column) => (typeof row[column] === "string" ? row[column] : formatTime(row[column]))),
  );
  return [CSV_COLUMNS, ...lines].map((cells) => cells.map(formatCsvCell).join(",") + "\r\n").join("");
}

/** A newsletter address's status as `list` prints it, e.g. `confirmed 2026-11-24T09:30:00.000Z`. */
function describeSubscriberStatus(row: SubmissionRow): string {
  const status = escapeHiddenCharacters(row.status || "pending");
  if (row.status_at === null) return status;
  return `${status === "pending" ? "pending since" : status} ${formatTime(row.status_at)}`;
}

/** One submission as `list` prints it, hidden characters escaped and the message indented under it. */
export function describeSubmission(row: SubmissionRow): string {
  const when = row.created_at === null ? "(left, no times kept)".padEnd(24) : formatTime(row.created_at);
  const email = escapeHiddenCharacters(row.email);
  if (row.kind === "newsletter") return `${when}  newsletter  ${email}  ${describeSubscriberStatus(row)}`;
  const subject = row.subject === "" ? "(no subject)" : escapeHiddenCharacters(row.subject);
  const message = escapeHiddenCharacters(row.message, { keepLineFeeds: true }).replaceAll("\n", "\n    ");
  return `${when}  contact     ${escapeHiddenCharacters(row.name)} <${email}>  ${subject}\n    ${message}`;
}
