/**
 * Operator CLI for the kept form submissions (rules 6.6, 6.7); usage in `SUBMISSIONS_USAGE`. Without `--remote`
 * it acts on the local database `npm start` serves.
 */
import {
  LIST_SQL,
  SUBMISSIONS_USAGE,
  type SubmissionRow,
  buildDeleteSql,
  countDeletedRows,
  describeSubmission,
  formatSubmissionsCsv,
  parseSubmissionsArgs,
} from "./submissions-cli.ts";
import { wantsHelp } from "./cli-args.ts";
import { terminal } from "./terminal-text.ts";
import { type KvTarget, executeFormsSql } from "./wrangler.ts";

function main(argv: string[]): void {
  if (wantsHelp(argv)) {
    terminal.log(SUBMISSIONS_USAGE);
    return;
  }
  const args = parseSubmissionsArgs(argv);
  const target: KvTarget = args.remote ? "production" : "local";
  if (args.command === "delete") {
    const removed = countDeletedRows(executeFormsSql<unknown>(target, buildDeleteSql(args.email)));
    terminal.log(`Deleted ${removed} row(s) for ${args.email} (${target}).`);
    return;
  }
  const rows = executeFormsSql<SubmissionRow>(target, LIST_SQL)[0]?.results ?? [];
  if (args.command === "export") {
    // Every cell is already escaped (rule 6.6, `formatSubmissionsCsv`); the rows end in CSV's own CRLF.
    process.stdout.write(formatSubmissionsCsv(rows));
    return;
  }
  terminal.log(`${rows.length} submission(s) (${target}), newest first:`);
  for (const row of rows) terminal.log(describeSubmission(row));
}

try {
  main(process.argv.slice(2));
} catch (error) {
  terminal.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
