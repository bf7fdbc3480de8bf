/**
 * Operator CLI for the newsletter; usage in `NEWSLETTER_USAGE`. `status` reads the forms database (local unless
 * `--remote`), `preview` writes an issue's mail under build/newsletter-preview/, `send` asks the site to send one.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compileNewsletters } from "../content/build/compile-newsletters.ts";
import { renderIssueMail } from "../core/newsletter-mail.ts";
import {
  NEWSLETTER_USAGE,
  buildStatusSql,
  type SendRow,
  type StatusCountRow,
  type UnknownReaderRow,
  buildPreviewLinks,
  describeSendAnswer,
  findIssue,
  formatNewsletterStatus,
  parseNewsletterArgs,
  resolveSendTarget,
} from "./newsletter-cli.ts";
import { wantsHelp } from "./cli-args.ts";
import { terminal } from "./terminal-text.ts";
import { ROOT, executeFormsSql } from "./wrangler.ts";

const NEWSLETTERS_DIR = path.join(ROOT, "content", "newsletters");
const PREVIEW_DIR = path.join(ROOT, "build", "newsletter-preview");

async function main(argv: string[]): Promise<number> {
  if (wantsHelp(argv)) {
    terminal.log(NEWSLETTER_USAGE);
    return 0;
  }
  const args = parseNewsletterArgs(argv);
  if (args.command === "status") {
    const target = args.remote ? "production" : "local";
    const [counts, sends, unknown] = executeFormsSql<StatusCountRow | SendRow | UnknownReaderRow>(
      target,
      buildStatusSql(Date.now()),
    );
    terminal.log(`Newsletter (${target} database):`);
    terminal.log(
      formatNewsletterStatus(
        (counts?.results ?? []) as StatusCountRow[],
        (sends?.results ?? []) as SendRow[],
        compileNewsletters(NEWSLETTERS_DIR),
        Date.now(),
        (unknown?.results ?? []) as UnknownReaderRow[],
      ),
    );
    return 0;
  }
  if (args.command === "preview") {
    const issue = findIssue(compileNewsletters(NEWSLETTERS_DIR), args.slug);
    const mail = renderIssueMail(issue, buildPreviewLinks(issue.slug, process.env.SITE_URL));
    mkdirSync(PREVIEW_DIR, { recursive: true });
    const htmlPath = path.join(PREVIEW_DIR, `${issue.slug}.html`);
    const textPath = path.join(PREVIEW_DIR, `${issue.slug}.txt`);
    writeFileSync(htmlPath, mail.html);
    writeFileSync(textPath, mail.text);
    terminal.log(`Subject: ${mail.subject}\n${htmlPath}\n${textPath}`);
    return 0;
  }
  const { endpoint, token } = resolveSendTarget(args, process.env);
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        slug: args.slug,
        ...(args.now ? { now: true } : {}),
        ...(args.test !== undefined ? { test: args.test } : {}),
        ...(args.resendUnknown ? { resendUnknown: true } : {}),
      }),
    });
  } catch (error) {
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    const hint = args.remote ? "" : " Is the site running (FORMS_MODE=d1 npm start)?";
    throw new Error(`Could not reach ${endpoint} (${reason}).${hint}`);
  }
  const inContent = readdirSync(NEWSLETTERS_DIR).includes(`${args.slug}.md`);
  const outcome = describeSendAnswer(response.status, await response.text(), {
    slug: args.slug,
    remote: args.remote,
    inContent,
  });
  (outcome.ok ? terminal.log : terminal.error)(outcome.text);
  return outcome.ok ? 0 : 1;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  terminal.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
