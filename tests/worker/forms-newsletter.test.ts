/**
 * The newsletter (rule 6.8) inside workerd with `FORMS_MODE=d1`, the real local D1
 * database and the real local queue: double opt-in, the links' pages, one-click unsubscribe, and an issue sent to
 * every confirmed reader exactly once. The links are signed with the tests' key, as the worker signs them.
 */
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { importSigningKey } from "../../core/signed-token";
import { signConfirmToken, signUnsubscribeToken } from "../../core/newsletter-tokens";
import { STATUS_SQL, type SendRow, formatNewsletterStatus } from "../../scripts/newsletter-cli";
import { readFormsDb } from "./forms-db";
import { loadBuiltWorker, request, requestWithEnv } from "./helpers";

const ORIGIN = "https://vpf.test";
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The issue the tests send: content/newsletters/the-1-percent-habit.md, due 2026-11-22 07:00 UTC. */
const ISSUE = { slug: "the-1-percent-habit", dueMs: Date.parse("2026-11-22T07:00:00Z") };
const NEWSLETTER_CRON = "0 7 * * SUN";

const key = importSigningKey((env as unknown as { ORDER_SIGNING_KEY: string }).ORDER_SIGNING_KEY);

let nextIp = 1;
function freshIp(): string {
  nextIp += 1;
  return `203.0.113.${nextIp % 250}`;
}

/** Signs up as the hydrated newsletter form does. */
function signUp(email: string): Promise<Response> {
  return request("/newsletter.data", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
      origin: ORIGIN,
      "cf-connecting-ip": freshIp(),
    },
    body: new URLSearchParams({ email }).toString(),
  });
}

interface SignupRow {
  status: string;
  requested_at: number;
  consent_source: string;
  confirmation_sent_at: number | null;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
}

async function readSignup(email: string): Promise<SignupRow | null> {
  return readFormsDb().prepare("SELECT * FROM newsletter_signups WHERE email = ?").bind(email).first<SignupRow>();
}

async function confirmLink(email: string, requestedAtMs: number, sentAtMs = Date.now()): Promise<string> {
  return `/newsletter/confirm?token=${await signConfirmToken(await key, email, requestedAtMs, sentAtMs)}`;
}

async function unsubscribeLink(email: string): Promise<string> {
  return `/newsletter/unsubscribe?token=${await signUnsubscribeToken(await key, email)}`;
}

function readH1(html: string): string {
  return /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/&#x27;|&#39;/g, "'") ?? "";
}

async function readHeading(path: string): Promise<string> {
  return readH1(await (await request(path)).text());
}

/** Presses the confirmation page's button, as a reader does (a form post from the page), and returns the heading. */
async function pressConfirm(path: string): Promise<string> {
  const posted = await request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "sec-fetch-mode": "navigate" },
    body: "",
  });
  expect(posted.status).toBe(200);
  return readH1(await posted.text());
}

/** A reader kept in D1 with `status`, as the sign-up and the links leave them. */
async function seedReader(email: string, status: "pending" | "confirmed" | "unsubscribed"): Promise<void> {
  await readFormsDb()
    .prepare(
      `INSERT INTO newsletter_signups (email, created_at, status, requested_at, consent_source)
       VALUES (?, 1, ?, 1, '/newsletter')`,
    )
    .bind(email, status)
    .run();
}

async function runCron(scheduledTime: number): Promise<void> {
  const ctx = createExecutionContext();
  await (
    await loadBuiltWorker()
  ).scheduled(createScheduledController({ scheduledTime, cron: NEWSLETTER_CRON }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function readDeliveries(slug: string): Promise<string[]> {
  const { results } = await readFormsDb()
    .prepare("SELECT email FROM newsletter_deliveries WHERE issue_slug = ? ORDER BY email")
    .bind(slug)
    .all<{ email: string }>();
  return results.map((row) => row.email);
}

/** A send of `slug` to `recipients` readers, as `startSend` records it, with no outcome recorded yet. */
async function seedSend(slug: string, recipients: number): Promise<void> {
  await readFormsDb().batch([
    readFormsDb().prepare("DELETE FROM newsletter_deliveries WHERE issue_slug = ?").bind(slug),
    readFormsDb().prepare("DELETE FROM newsletter_sends WHERE issue_slug = ?").bind(slug),
    readFormsDb().prepare("INSERT INTO newsletter_sends VALUES (?, 1, ?, 1, 'operator')").bind(slug, recipients),
  ]);
}

/** Hands one message to the built worker's `queue` as `queueName` delivers it; the ids it acknowledged. */
async function consume(queueName: string, body: unknown, mail: unknown = env.NEWSLETTER_MAIL): Promise<string[]> {
  const batch = createMessageBatch(queueName, [{ id: "m1", timestamp: Date.now(), attempts: 1, body }]);
  const ctx = createExecutionContext();
  await (await loadBuiltWorker()).queue(batch, { ...env, NEWSLETTER_MAIL: mail } as unknown as Env, ctx);
  return (await getQueueResult(batch, ctx)).explicitAcks;
}

/** The line `npm run newsletter -- status` prints for the send of `slug`, from the same query. */
async function readStatusLine(slug: string): Promise<string> {
  const { results } = await readFormsDb().prepare(STATUS_SQL.split(";\n")[1]!).all<SendRow>();
  const text = formatNewsletterStatus([], results, [], 0);
  return text.split("\n").find((line) => line.startsWith(`  ${slug} `)) ?? text;
}

async function readOutcomes(slug: string): Promise<Record<string, string>> {
  const { results } = await readFormsDb()
    .prepare("SELECT email, outcome FROM newsletter_deliveries WHERE issue_slug = ?")
    .bind(slug)
    .all<{ email: string; outcome: string }>();
  return Object.fromEntries(results.map((row) => [row.email, row.outcome]));
}

describe("double opt-in", () => {
  it("a sign-up is pending until its link is opened, then confirmed with the time and the page it came from", async () => {
    const email = "opt-in@vpf.test";
    const before = Date.now();
    const answer = await signUp(email);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Welcome to VPF!");
    const pending = await readSignup(email);
    expect(pending).toMatchObject({ status: "pending", consent_source: "/newsletter", confirmed_at: null });
    expect(pending!.confirmation_sent_at).toBeGreaterThanOrEqual(before);

    const link = await confirmLink(email, pending!.requested_at);
    // A link scanner opens every link: none of its fetches confirms.
    expect(await readHeading(link)).toBe("Confirm Your Subscription");
    expect(await (await request(link)).text()).toContain(email);
    expect((await request(link, { method: "HEAD" })).status).toBe(200);
    expect((await request(link.replace("/newsletter/confirm?", "/newsletter/confirm.data?"))).status).toBe(200);
    expect((await readSignup(email))!.status).toBe("pending");

    expect(await pressConfirm(link)).toBe("You're Subscribed!");
    const confirmed = await readSignup(email);
    expect(confirmed!.status).toBe("confirmed");
    expect(confirmed!.confirmed_at).toBeGreaterThanOrEqual(before);
    // The same link again: a clear page, and nothing changes.
    expect(await readHeading(await confirmLink(email, pending!.requested_at))).toBe("Already Confirmed");
  });

  it("an expired, a tampered or a wrong-purpose link confirms nothing and says so", async () => {
    const email = "late@vpf.test";
    await signUp(email);
    const { requested_at } = (await readSignup(email))!;
    const expired = await confirmLink(email, requested_at, Date.now() - 8 * DAY_MS);
    expect(await readHeading(expired)).toBe("This Link Has Expired");
    const valid = await confirmLink(email, requested_at);
    const tampered = valid.replace(/token=(.)/, (_match, first: string) => `token=${first === "e" ? "f" : "e"}`);
    expect(await readHeading(tampered)).toBe("This Link Doesn't Work");
    const unsubscribeToken = (await unsubscribeLink(email)).split("token=")[1];
    expect(await readHeading(`/newsletter/confirm?token=${unsubscribeToken}`)).toBe("This Link Doesn't Work");
    expect((await readSignup(email))!.status).toBe("pending");
  });

  it("signing up again while pending mails the link again at most once an hour", async () => {
    const email = "twice@vpf.test";
    await signUp(email);
    const first = (await readSignup(email))!.confirmation_sent_at!;
    await signUp(email);
    expect((await readSignup(email))!.confirmation_sent_at).toBe(first);
    // An hour later (the sent time moved back), the next sign-up sends again.
    await readFormsDb()
      .prepare("UPDATE newsletter_signups SET confirmation_sent_at = ? WHERE email = ?")
      .bind(first - HOUR_MS, email)
      .run();
    await signUp(email);
    expect((await readSignup(email))!.confirmation_sent_at).toBeGreaterThanOrEqual(first);
  });
});

describe("unsubscribe", () => {
  it("opening the link only shows the button; the mail client's one-click POST unsubscribes with no page", async () => {
    const email = "leaver@vpf.test";
    await seedReader(email, "confirmed");
    const link = await unsubscribeLink(email);
    expect(await readHeading(link)).toBe("Unsubscribe from VPF?");
    expect((await readSignup(email))!.status).toBe("confirmed");

    const oneClick = await request(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.headers.get("content-type")).toMatch(/^text\/plain/);
    const row = (await readSignup(email))!;
    expect(row.status).toBe("unsubscribed");
    expect(row.unsubscribed_at).not.toBeNull();
    expect(await readHeading(link)).toBe("You're Unsubscribed");
  });

  it("the page's button posts to its action, which shows the done page; a forged link is refused", async () => {
    const email = "button@vpf.test";
    await seedReader(email, "confirmed");
    const link = await unsubscribeLink(email);
    const posted = await request(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "sec-fetch-mode": "navigate" },
      body: "",
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("You&#x27;re Unsubscribed");
    expect((await readSignup(email))!.status).toBe("unsubscribed");

    const forged = await request("/newsletter/unsubscribe?token=e30.AAAA", { method: "POST", body: "" });
    expect(forged.status).toBe(400);
  });

  it("an unsubscribed address that signs up again starts a new opt-in; the old link no longer confirms it", async () => {
    const email = "returning@vpf.test";
    await signUp(email);
    const old = (await readSignup(email))!;
    expect(await pressConfirm(await confirmLink(email, old.requested_at))).toBe("You're Subscribed!");
    await request(await unsubscribeLink(email), { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(await readHeading(await confirmLink(email, old.requested_at))).toBe("This Link Has Expired");

    await signUp(email);
    const renewed = (await readSignup(email))!;
    expect(renewed.status).toBe("pending");
    expect(renewed.requested_at).toBeGreaterThan(old.requested_at);
    expect(await readHeading(await confirmLink(email, old.requested_at))).toBe("This Link Has Expired");
  });
});

describe("sending an issue", () => {
  it("reaches exactly the confirmed readers, once; a second cron run sends nothing", async () => {
    const readers = {
      confirmed: ["c1@vpf.test", "c2@vpf.test", "c3@vpf.test"],
      pending: ["p1@vpf.test", "p2@vpf.test"],
      unsubscribed: ["u1@vpf.test"],
    };
    // The list holds exactly these six (the file's other tests share the database).
    await readFormsDb().prepare("DELETE FROM newsletter_signups").run();
    for (const [status, emails] of Object.entries(readers)) {
      for (const email of emails) await seedReader(email, status as keyof typeof readers);
    }
    await runCron(ISSUE.dueMs + HOUR_MS);
    // The local queue hands the batch to the worker's consumer within its batch timeout.
    await vi.waitFor(async () => expect(await readDeliveries(ISSUE.slug)).toHaveLength(3), {
      timeout: 30_000,
      interval: 250,
    });
    expect(await readDeliveries(ISSUE.slug)).toEqual(readers.confirmed);
    const sends = await readFormsDb().prepare("SELECT * FROM newsletter_sends").all();
    expect(sends.results).toEqual([
      expect.objectContaining({ issue_slug: ISSUE.slug, recipients: 3, batches: 1, trigger: "cron" }),
    ]);

    await runCron(ISSUE.dueMs + 2 * HOUR_MS);
    expect((await readFormsDb().prepare("SELECT * FROM newsletter_sends").all()).results).toEqual(sends.results);
    expect(await readDeliveries(ISSUE.slug)).toEqual(readers.confirmed);
  });

  it("a batch whose mail fails is retried, skipping the readers already mailed, so each gets the issue once", async () => {
    const emails = ["r1@vpf.test", "r2@vpf.test", "r3@vpf.test"];
    for (const email of emails) await seedReader(email, "confirmed");
    const sent: string[] = [];
    let failNext = true;
    const flakyMail = {
      async send(message: { to: string }) {
        if (message.to === "r2@vpf.test" && failNext) {
          failNext = false;
          throw new Error("the mail service is unavailable");
        }
        sent.push(message.to);
        return { messageId: `<${sent.length}@vpf.test>` };
      },
    };
    const worker = await loadBuiltWorker();
    const body = { slug: "the-fee-you-never-see", emails };
    for (const attempts of [1, 2]) {
      const batch = createMessageBatch("vpf-newsletter", [{ id: "m1", timestamp: Date.now(), attempts, body }]);
      const ctx = createExecutionContext();
      await worker.queue(batch, { ...env, NEWSLETTER_MAIL: flakyMail } as unknown as Env, ctx);
      const result = await getQueueResult(batch, ctx);
      if (attempts === 1) expect(result.retryMessages.map((message) => message.msgId)).toEqual(["m1"]);
      else expect(result.explicitAcks).toEqual(["m1"]);
    }
    expect(sent.sort()).toEqual(emails);
    expect(await readDeliveries("the-fee-you-never-see")).toEqual(emails);
  });

  it("the operator starts a send with the token; without it, or a second time, nothing is sent", async () => {
    const post = (headers: Record<string, string>, slug = "a-buffer-before-a-budget") =>
      request("/api/newsletter/send", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ slug }),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: "Bearer wrong-token-value" })).status).toBe(401);
    const authorization = `Bearer ${(env as unknown as { NEWSLETTER_SEND_TOKEN: string }).NEWSLETTER_SEND_TOKEN}`;
    expect((await post({ authorization }, "no-such-issue")).status).toBe(404);
    const started = await post({ authorization });
    expect(started.status).toBe(202);
    expect(await started.json()).toMatchObject({ slug: "a-buffer-before-a-budget", batches: expect.any(Number) });
    const again = await post({ authorization });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "already_sent" });
  });

  it("a reader who unsubscribed after the send was queued is skipped, and status counts the send done", async () => {
    const slug = "a-calm-year-end-money-review";
    const emails = ["stays@vpf.test", "leaves@vpf.test"];
    for (const email of emails) await seedReader(email, "confirmed");
    await seedSend(slug, 2);
    await request(await unsubscribeLink("leaves@vpf.test"), { method: "POST", body: "List-Unsubscribe=One-Click" });
    const sent: string[] = [];
    const mail = { send: async (message: { to: string }) => (sent.push(message.to), { messageId: "<1@vpf.test>" }) };
    expect(await consume("vpf-newsletter", { slug, emails }, mail)).toEqual(["m1"]);
    expect(sent).toEqual(["stays@vpf.test"]);
    expect(await readOutcomes(slug)).toEqual({ "stays@vpf.test": "delivered", "leaves@vpf.test": "skipped" });
    expect(await readStatusLine(slug)).toMatch(
      /recipients 2 {2}batches 1 {2}delivered 1 {2}skipped 1 {2}failed 0 {2}done$/,
    );
  });

  it("a dead batch marks its readers not yet mailed as failed; the operator's send queues exactly those again", async () => {
    const slug = "the-fee-you-never-see";
    const emails = ["dead1@vpf.test", "dead2@vpf.test", "dead3@vpf.test"];
    for (const email of emails) await seedReader(email, "confirmed");
    await seedSend(slug, 3);
    await readFormsDb()
      .prepare("INSERT INTO newsletter_deliveries (issue_slug, email, sent_at) VALUES (?, ?, 7)")
      .bind(slug, emails[0])
      .run();
    const errors = vi.spyOn(console, "error");
    try {
      expect(await consume("vpf-newsletter-dlq", { slug, emails })).toEqual(["m1"]);
      const dead = errors.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("batch_dead"));
      expect(dead.map((line) => JSON.parse(line) as unknown)).toEqual([
        { level: "error", event: "newsletter.batch_dead", slug, failed: 2 },
      ]);
    } finally {
      errors.mockRestore();
    }
    expect(await readOutcomes(slug)).toEqual({
      "dead1@vpf.test": "delivered",
      "dead2@vpf.test": "failed",
      "dead3@vpf.test": "failed",
    });
    const kept = await readFormsDb()
      .prepare("SELECT sent_at FROM newsletter_deliveries WHERE email = ?")
      .bind(emails[0])
      .first();
    expect(kept).toEqual({ sent_at: 7 });
    expect(await readStatusLine(slug)).toMatch(/delivered 1 {2}skipped 0 {2}failed 2 {2}done with failures$/);

    const authorization = `Bearer ${(env as unknown as { NEWSLETTER_SEND_TOKEN: string }).NEWSLETTER_SEND_TOKEN}`;
    const post = () =>
      request("/api/newsletter/send", {
        method: "POST",
        headers: { "content-type": "application/json", authorization },
        body: JSON.stringify({ slug }),
      });
    // A queue that refuses the retry leaves the readers failed, for the next retry to find.
    const refusingQueue = { sendBatch: () => Promise.reject(new Error("queue unavailable")) };
    const refused = await requestWithEnv(
      "/api/newsletter/send",
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization },
        body: JSON.stringify({ slug }),
      },
      { NEWSLETTER_QUEUE: refusingQueue } as unknown as Partial<Env>,
    );
    expect(refused.status).toBe(500);
    expect(Object.values(await readOutcomes(slug))).toEqual(["delivered", "failed", "failed"]);

    const retried = await post();
    expect(retried.status).toBe(202);
    expect(await retried.json()).toEqual({ slug, recipients: 2, batches: 1 });
    expect((await post()).status).toBe(409);
    // The local queue hands the retried batch to the worker's consumer within its batch timeout.
    await vi.waitFor(
      async () => expect(Object.values(await readOutcomes(slug))).toEqual(["delivered", "delivered", "delivered"]),
      { timeout: 30_000, interval: 250 },
    );
    expect(await readStatusLine(slug)).toMatch(/delivered 3 {2}skipped 0 {2}failed 0 {2}done$/);
  });
});
