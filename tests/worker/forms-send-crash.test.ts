/**
 * Once means once through a crash (rule 6.8, decision 016): a batch whose consumer is killed at any step, then
 * redelivered by the queue and finished by the operator's `send`, mails no reader twice, and every reader whose
 * batch may have reached the provider is recorded `unknown` and listed by `status` rather than mailed again. The
 * kill is a database binding that fails every statement from one step on, as a stopped worker writes nothing more;
 * the mails are counted through the provider's stand-in.
 */
import issues from "virtual:vpf/newsletters";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { STALE_CLAIM_MS } from "../../core/newsletter-schedule";
import {
  type SendRow,
  type UnknownReaderRow,
  buildStatusSql,
  formatNewsletterStatus,
} from "../../scripts/newsletter-cli";
import { readFormsDb } from "./forms-db";
import { clearNewsletter, consume, postSend, readOutcomes, readProviderMails, seedReaders } from "./newsletter-helpers";

/** An issue of the archive; which one does not matter. */
const ISSUE = issues[0]!;

beforeEach(clearNewsletter);

/** `db`, except that from the first statement matching `killAt` on, every statement fails: the worker stopped. */
function killDatabaseAt(db: D1Database, killAt: RegExp): D1Database {
  let dead = false;
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, property) {
        if (property === "bind") {
          return (...values: unknown[]) => wrap(target.bind(...values), sql);
        }
        const value = Reflect.get(target, property) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          dead ||= killAt.test(sql);
          if (dead) return Promise.reject(new Error("the worker was stopped"));
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return new Proxy(db, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (property === "batch") return () => Promise.reject(new Error("the worker was stopped"));
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
  });
}

/** The issue's mails the provider took for `email`. */
async function countMails(email: string): Promise<number> {
  return (await readProviderMails(email)).filter((mail) => mail.tag === ISSUE.slug).length;
}

/** What `npm run newsletter -- status` prints, from the same three statements. */
async function readStatus(): Promise<string> {
  const db = readFormsDb();
  const [, sends, unknown] = buildStatusSql(Date.now()).split(";\n");
  const sendRows = (await db.prepare(sends!).all<SendRow>()).results;
  const unknownRows = (await db.prepare(unknown!).all<UnknownReaderRow>()).results;
  return formatNewsletterStatus([], sendRows, [], Date.now(), unknownRows);
}

/** The operator's `send` (with `extra` fields), then the queue's runs of the consumer until no claim is open. */
async function sendAsOperator(readers: readonly string[], extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await postSend({ slug: ISSUE.slug, ...extra });
  await vi.waitFor(
    async () => {
      const outcomes = await readOutcomes(ISSUE.slug);
      expect(readers.filter((email) => outcomes[email] === undefined || outcomes[email] === "sending")).toEqual([]);
    },
    { timeout: 30_000, interval: 250 },
  );
  return answer.status;
}

const STEPS = [
  { step: "before the claim", killAt: /^\s*INSERT INTO newsletter_deliveries/, outcome: "delivered", mails: 1 },
  {
    step: "after the claim, before the provider call",
    killAt: /^SELECT id, email FROM newsletter_signups/,
    outcome: "unknown",
    mails: 0,
  },
  {
    step: "after the provider accepted, before the outcomes are recorded",
    killAt: /UPDATE newsletter_deliveries SET outcome = \?/,
    outcome: "unknown",
    mails: 1,
  },
  { step: "after the outcomes are recorded", killAt: null, outcome: "delivered", mails: 1 },
] as const;

describe("a send whose consumer is killed mid-batch", () => {
  it.each(STEPS)("killed $step: no reader is mailed twice, and each one unknown is listed", async (step) => {
    const prefix = step.step.replace(/[^a-z]+/g, "-");
    const emails = Array.from({ length: 3 }, (_, n) => `${prefix}${n}@crash.vpf.test`);
    const ids = await seedReaders(emails);
    await readFormsDb().prepare("INSERT INTO newsletter_sends VALUES (?, 1, 3, 1, 'operator')").bind(ISSUE.slug).run();
    const body = { slug: ISSUE.slug, ids };

    // The consumer stops at the step (killed after the outcomes are recorded, it never acknowledged the message).
    const overrides = step.killAt ? { FORMS_DB: killDatabaseAt(readFormsDb(), step.killAt) } : {};
    const killed = await consume("vpf-newsletter", body, overrides);
    expect(killed.explicitAcks).toEqual(step.killAt ? [] : ["m1"]);
    // The queue hands the unacknowledged message over again, to a healthy consumer.
    await consume("vpf-newsletter", body, {}, 2);
    // Claims go stale (the clock moves on), and the operator finishes the send as the status asks.
    await readFormsDb()
      .prepare("UPDATE newsletter_deliveries SET at = at - ? WHERE outcome = 'sending'")
      .bind(STALE_CLAIM_MS + 1000)
      .run();
    await sendAsOperator(emails);

    for (const email of emails) expect(await countMails(email), email).toBe(step.mails);
    expect(new Set(Object.values(await readOutcomes(ISSUE.slug)))).toEqual(new Set([step.outcome]));
    const status = await readStatus();
    if (step.outcome === "unknown") {
      expect(status).toMatch(/unknown 3 {2}done; 3 cut off, not mailed again: check them in the provider's log/);
      for (const email of emails) expect(status).toContain(`    unknown: ${email}`);
      // Another plain send mails none of them, and says why.
      const again = await postSend({ slug: ISSUE.slug });
      expect(again.status).toBe(409);
      expect((await again.json<{ message: string }>()).message).toContain("3 reader(s) of it are of unknown fate");
    } else {
      expect(status).toMatch(/delivered 3 {2}refused 0 {2}failed 0 {2}unknown 0 {2}done$/m);
    }
    for (const email of emails) expect(await countMails(email), email).toBe(step.mails);
  });

  it("the operator who found a cut-off batch missing from the provider's log mails its readers once more", async () => {
    const emails = Array.from({ length: 3 }, (_, n) => `resend${n}@crash.vpf.test`);
    const ids = await seedReaders(emails);
    await readFormsDb().prepare("INSERT INTO newsletter_sends VALUES (?, 1, 3, 1, 'operator')").bind(ISSUE.slug).run();
    const body = { slug: ISSUE.slug, ids };
    // No answer from the provider (the connection is cut): the claims become unknown at once.
    const cut = await consume("vpf-newsletter", body, { MAILGUN_API_URL: "http://127.0.0.1:9" });
    expect(cut.retryMessages.map((message) => message.msgId)).toEqual(["m1"]);
    expect(new Set(Object.values(await readOutcomes(ISSUE.slug)))).toEqual(new Set(["unknown"]));
    expect((await consume("vpf-newsletter", body, {}, 2)).explicitAcks).toEqual(["m1"]);
    for (const email of emails) expect(await countMails(email)).toBe(0);

    expect(await sendAsOperator(emails, { resendUnknown: true })).toBe(202);
    for (const email of emails) expect(await countMails(email)).toBe(1);
    expect(await readStatus()).toMatch(/delivered 3 {2}refused 0 {2}failed 0 {2}unknown 0 {2}done$/m);
  });
});
