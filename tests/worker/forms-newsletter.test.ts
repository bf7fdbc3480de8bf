/**
 * The newsletter (rule 6.8) inside workerd with `FORMS_MODE=d1`, the real local D1 database, the real local queue
 * and the mail provider's stand-in: double opt-in, the links' pages, one-click unsubscribe, one reader per
 * mailbox, and an issue sent to every confirmed reader exactly once, however it is interrupted. The links are
 * signed with the tests' key, as the worker signs them.
 */
import issues from "virtual:vpf/newsletters";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SITE_NAME } from "../../content/site";
import { STALE_CLAIM_MS } from "../../core/newsletter-schedule";
import type { EmailAddress } from "../../core/email-address";
import { signConfirmToken } from "../../core/newsletter-tokens";
import { buildDeleteSql } from "../../scripts/submissions-cli";
import { MESSAGES_PER_ENQUEUE, SEND_BATCH_SIZE, type SendBatch } from "../../server/newsletter-send.server";
import { readFormsDb } from "./forms-db";
import { request, requestWithEnv } from "./helpers";
import {
  buildUnsubscribeLink as unsubscribeLink,
  clearNewsletter,
  consume,
  postSend,
  readOutcomes,
  readProviderMails,
  readReader,
  readStatusLine,
  runCron,
  seedReader,
  seedReaders,
  signingKey as key,
} from "./newsletter-helpers";

const ORIGIN = "https://vpf.test";
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** An issue of the archive; which one does not matter. */
const ISSUE = issues[0]!;

beforeEach(clearNewsletter);

let nextIp = 1;
function freshIp(): string {
  nextIp += 1;
  return `203.0.113.${nextIp % 250}`;
}

/** The request the hydrated newsletter form sends to sign `email` up, from a fresh client address. */
function buildSignUp(email: string): RequestInit {
  return {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
      origin: ORIGIN,
      "cf-connecting-ip": freshIp(),
    },
    body: new URLSearchParams({ email }).toString(),
  };
}

/** Signs up as the hydrated newsletter form does. */
function signUp(email: string): Promise<Response> {
  return request("/newsletter.data", buildSignUp(email));
}

interface SignupRow {
  id: number;
  email: string;
  status: string;
  requested_at: number;
  consent_source: string;
  confirmation_sent_at: number | null;
  confirmed_at: number | null;
}

async function readSignup(email: string): Promise<SignupRow | null> {
  return (await readReader(email)) as SignupRow | null;
}

async function confirmLink(email: string, requestedAtMs: number, sentAtMs = Date.now()): Promise<string> {
  return `/newsletter/confirm?token=${await signConfirmToken(await key, email, requestedAtMs, sentAtMs)}`;
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

/** Waits until `count` readers have a final outcome for `slug` (the local queue runs the consumer). */
async function waitForOutcomes(slug: string, count: number): Promise<Record<string, string>> {
  const readFinal = async () => Object.values(await readOutcomes(slug)).filter((outcome) => outcome !== "sending");
  await vi.waitFor(async () => expect(await readFinal()).toHaveLength(count), { timeout: 60_000, interval: 250 });
  return readOutcomes(slug);
}

describe("double opt-in", () => {
  it("a sign-up is pending until its link is opened, then confirmed with the time and the page it came from", async () => {
    const email = "opt-in@vpf.test";
    const before = Date.now();
    const answer = await signUp(email);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(`Welcome to ${SITE_NAME}!`);
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
    expect(await readHeading(link)).toBe(`Unsubscribe from ${SITE_NAME}?`);
    expect((await readSignup(email))!.status).toBe("confirmed");

    const oneClick = await request(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.headers.get("content-type")).toMatch(/^text\/plain/);
    expect((await readSignup(email))!.status).toBe("unsubscribed");
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
    // The old link says the reader left and offers to sign up again, opened or pressed; it confirms nothing.
    const left = await (await request(await confirmLink(email, old.requested_at))).text();
    expect(readH1(left)).toBe("You Have Unsubscribed");
    expect(left).toMatch(/<a[^>]* href="\/newsletter"[^>]*>Sign Up Again<\/a>/);
    expect(await pressConfirm(await confirmLink(email, old.requested_at))).toBe("You Have Unsubscribed");
    expect((await readSignup(email))!.status).toBe("unsubscribed");

    await signUp(email);
    const renewed = (await readSignup(email))!;
    expect(renewed.status).toBe("pending");
    expect(renewed.requested_at).toBeGreaterThan(old.requested_at);
    expect(await readHeading(await confirmLink(email, old.requested_at))).toBe("This Link Has Expired");
  });
});

describe("send the link again", () => {
  afterEach(() => vi.useRealTimers());

  /** Presses "send the link again" (a native post of the address and the page's stamp) at `nowMs`, counting mails. */
  async function pressResend(email: string, lastSentAtMs: number, nowMs: number) {
    vi.useFakeTimers({ toFake: ["Date"], now: nowMs });
    const sent: Array<{ to: string }> = [];
    const answer = await requestWithEnv(
      "/newsletter",
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: ORIGIN,
          "sec-fetch-mode": "navigate",
          "cf-connecting-ip": freshIp(),
        },
        body: new URLSearchParams({ email, last_sent_at: String(lastSentAtMs) }).toString(),
      },
      { NEWSLETTER_MAIL: { send: async (mail: { to: string }) => void sent.push(mail) } as unknown as SendEmail },
    );
    vi.useRealTimers();
    expect(answer.status).toBe(200);
    const html = (await answer.text()).replaceAll("&#x27;", "'");
    return { heading: readH1(html), html, sent };
  }

  it("inside the hour it sends nothing and says when the next link can go; after it, it sends the link", async () => {
    const email = "again@vpf.test";
    const signedUpAt = Date.UTC(2026, 10, 28, 17, 5);
    vi.useFakeTimers({ toFake: ["Date"], now: signedUpAt });
    await signUp(email);
    vi.useRealTimers();

    const early = await pressResend(email, signedUpAt, signedUpAt + 10 * 60_000);
    expect(early.sent).toEqual([]);
    expect(early.heading).toBe("Your Link Is on Its Way");
    expect(early.html).toContain("18:05 UTC");
    expect(early.html).not.toContain(email);

    const late = await pressResend(email, signedUpAt, signedUpAt + HOUR_MS + 60_000);
    expect(late.sent.map((mail) => mail.to)).toEqual([email]);
    expect(late.heading).toBe(`Welcome to ${SITE_NAME}!`);
  });

  it("answers from the visitor's own stamp alone, so it tells nothing of an address", async () => {
    const nowMs = Date.UTC(2026, 10, 28, 9, 30);
    await seedReader("listed@vpf.test", "confirmed");
    const listed = await pressResend("listed@vpf.test", nowMs - 60_000, nowMs);
    const unknown = await pressResend("unknown@vpf.test", nowMs - 60_000, nowMs);
    expect([listed.heading, unknown.heading]).toEqual(["Your Link Is on Its Way", "Your Link Is on Its Way"]);
    const readMain = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0];
    expect(readMain(listed.html)).toBeDefined();
    expect(readMain(listed.html)).toBe(readMain(unknown.html));
    expect(listed.html).toContain("10:29 UTC");
    expect(await readSignup("unknown@vpf.test")).toBeNull();
  });
});

/** Signs up through the worker with a `send_email` binding that records each mail it is handed. */
async function signUpCounting(email: string) {
  const sent: Array<{ to: string; subject: string }> = [];
  const answer = await requestWithEnv("/newsletter.data", buildSignUp(email), {
    NEWSLETTER_MAIL: {
      send: async (mail: { to: string; subject: string }) => void sent.push(mail),
    } as unknown as SendEmail,
  });
  return { status: answer.status, body: (await answer.text()).replaceAll(email, "ADDRESS"), sent };
}

describe("a bounced or complained address", () => {
  it.each(["bounced", "complained"] as const)(
    "%s: a sign-up mails nothing, keeps the status and answers as any sign-up; after the owner deletes it on request, a sign-up starts a new opt-in",
    async (status) => {
      const email = `${status}-again@vpf.test`;
      await seedReader(email, status);
      const fresh = await signUpCounting(`first-time-${status}@vpf.test`);
      expect(fresh.sent).toHaveLength(1);
      const again = await signUpCounting(email);
      expect(again.sent).toEqual([]);
      expect(await readSignup(email)).toMatchObject({ status, requested_at: null, confirmation_sent_at: null });
      // The visitor cannot tell it from a first sign-up.
      expect(again.status).toBe(200);
      expect(again.body).toBe(fresh.body);

      // The reader asks the owner, who deletes the address (`npm run submissions -- delete --email`).
      for (const statement of buildDeleteSql(email as EmailAddress).split("; ")) {
        await readFormsDb().prepare(statement).all();
      }
      const renewed = await signUpCounting(email);
      expect(renewed.sent.map((mail) => mail.to)).toEqual([email]);
      expect(await readSignup(email)).toMatchObject({ status: "pending" });
    },
  );

  it("an unsubscribed address is mailed a confirmation when it signs up again", async () => {
    await seedReader("came-back@vpf.test", "unsubscribed");
    expect((await signUpCounting("came-back@vpf.test")).sent).toHaveLength(1);
  });
});

describe("a confirmed reader who signs up again", () => {
  it("is told by mail, at most once an hour, that there is nothing to confirm; the page reads as for anyone", async () => {
    const email = "already-here@vpf.test";
    await seedReader(email, "confirmed");
    const fresh = await signUpCounting("someone-new@vpf.test");
    const again = await signUpCounting(email);
    expect(again.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [email, `You are already subscribed to the ${SITE_NAME} newsletter`],
    ]);
    expect(again.body, "the visitor cannot tell a confirmed address from a new one").toBe(fresh.body);
    expect((await signUpCounting(email)).sent, "inside the hour").toEqual([]);
    expect(await readSignup(email)).toMatchObject({ status: "confirmed" });
  });
});

describe("one reader per mailbox", () => {
  it.each([
    ["STRASSE@vpf.test", "straße@vpf.test"],
    ["reader@bücher.test", "reader@xn--bcher-kva.test"],
  ])("%s and %s sign up as one reader, kept as first written", async (first, second) => {
    expect((await signUp(first)).status).toBe(200);
    expect((await signUp(second)).status).toBe(200);
    const { results } = await readFormsDb().prepare("SELECT email FROM newsletter_signups").all<{ email: string }>();
    expect(results).toEqual([{ email: first }]);
  });
});

describe("sending an issue", () => {
  it("reaches exactly the confirmed readers, once, through the provider; a second cron run sends nothing", async () => {
    const confirmed = ["c1@vpf.test", "c2@vpf.test", "c3@vpf.test"];
    for (const email of confirmed) await seedReader(email);
    await seedReader("p1@vpf.test", "pending");
    await seedReader("u1@vpf.test", "unsubscribed");
    await runCron(Date.parse(ISSUE.sendAt) + HOUR_MS);
    expect(await waitForOutcomes(ISSUE.slug, 3)).toEqual(Object.fromEntries(confirmed.map((e) => [e, "delivered"])));
    const sends = await readFormsDb()
      .prepare("SELECT * FROM newsletter_sends WHERE issue_slug = ?")
      .bind(ISSUE.slug)
      .all();
    expect(sends.results).toEqual([
      expect.objectContaining({ issue_slug: ISSUE.slug, recipients: 3, batches: 1, trigger: "cron" }),
    ]);
    // Each reader got the issue once, with their own one-click unsubscribe link.
    for (const email of confirmed) {
      const mails = (await readProviderMails(email)).filter((mail) => mail.tag === ISSUE.slug);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(ISSUE.title);
      expect(mails[0]!.headers["List-Unsubscribe"]).toBe(`<http://localhost:8787${await unsubscribeLink(email)}>`);
      expect(mails[0]!.text).toContain(await unsubscribeLink(email));
    }
    expect(await readProviderMails("p1@vpf.test")).toEqual([]);

    await runCron(Date.parse(ISSUE.sendAt) + 2 * HOUR_MS);
    expect(
      (await readFormsDb().prepare("SELECT * FROM newsletter_sends WHERE issue_slug = ?").bind(ISSUE.slug).all())
        .results,
    ).toEqual(sends.results);
    for (const email of confirmed) expect(await readProviderMails(email)).toHaveLength(1);
  });

  it("a queue message names readers by id: the largest page fits the platform's limits", () => {
    const largest: SendBatch = {
      slug: "x".repeat(200),
      ids: Array.from({ length: SEND_BATCH_SIZE }, () => Number.MAX_SAFE_INTEGER),
    };
    const messageBytes = new TextEncoder().encode(JSON.stringify(largest)).byteLength;
    // Cloudflare Queues: 128 KB per message, 100 messages and 256 KB per sendBatch.
    expect(messageBytes).toBeLessThan(128 * 1024);
    expect(MESSAGES_PER_ENQUEUE).toBeLessThanOrEqual(100);
    expect(messageBytes * MESSAGES_PER_ENQUEUE).toBeLessThan(256 * 1024);
  });

  it("760 readers with long non-Latin addresses all get the issue", async () => {
    const emails = Array.from({ length: 760 }, (_, n) => `${"читатель".repeat(8)}${n}@${"пример".repeat(6)}.испытание`);
    await seedReaders(emails);
    const started = await postSend({ slug: ISSUE.slug, now: true });
    expect(started.status).toBe(202);
    expect(await started.json()).toEqual({ slug: ISSUE.slug, recipients: 760, batches: 8 });
    const outcomes = await waitForOutcomes(ISSUE.slug, 760);
    expect(new Set(Object.values(outcomes))).toEqual(new Set(["delivered"]));
    expect(await readProviderMails(emails[759]!)).toHaveLength(1);
  }, 120_000);

  it("an address the provider refuses fails alone: the other 49 of its batch are delivered", async () => {
    const emails = Array.from({ length: 50 }, (_, n) => (n === 17 ? "refused-reader@vpf.test" : `batch${n}@vpf.test`));
    const ids = await seedReaders(emails);
    await readFormsDb().prepare("INSERT INTO newsletter_sends VALUES (?, 1, 50, 1, 'operator')").bind(ISSUE.slug).run();
    const result = await consume("vpf-newsletter", { slug: ISSUE.slug, ids });
    expect(result.explicitAcks).toEqual(["m1"]);
    const outcomes = await readOutcomes(ISSUE.slug);
    expect(outcomes["refused-reader@vpf.test"]).toBe("refused");
    expect(Object.values(outcomes).filter((outcome) => outcome === "delivered")).toHaveLength(49);
    expect(await readProviderMails("batch49@vpf.test")).toHaveLength(1);
    expect(await readStatusLine(ISSUE.slug)).toMatch(/delivered 49 {2}refused 1 {2}failed 0 {2}unknown 0 {2}done$/);
  });

  it("a batch the provider cannot take is retried whole, and each reader gets the issue once", async () => {
    const emails = ["r1@vpf.test", "r2@vpf.test", "r3@vpf.test"];
    const ids = await seedReaders(emails);
    const body = { slug: ISSUE.slug, ids };
    const down = await consume("vpf-newsletter", body, { MAILGUN_DOMAIN: "unavailable.vpf.test" });
    expect(down.retryMessages.map((message) => message.msgId)).toEqual(["m1"]);
    // The claims were released, so the retry finds every reader.
    expect(await readOutcomes(ISSUE.slug)).toEqual({});
    expect((await consume("vpf-newsletter", body, {}, 2)).explicitAcks).toEqual(["m1"]);
    expect((await consume("vpf-newsletter", body, {}, 3)).explicitAcks).toEqual(["m1"]);
    for (const email of emails) expect(await readProviderMails(email)).toHaveLength(1);
  });

  it("the operator's send needs the token and a known issue; a second send with no one left is refused", async () => {
    await seedReader("operator-reader@vpf.test");
    const unauthorized = await request("/api/newsletter/send", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ slug: ISSUE.slug }),
    });
    expect(unauthorized.status).toBe(401);
    expect((await postSend({ slug: "no-such-issue" })).status).toBe(404);
    const started = await postSend({ slug: ISSUE.slug, now: true });
    expect(started.status).toBe(202);
    expect(await started.json()).toEqual({ slug: ISSUE.slug, recipients: 1, batches: 1 });
    await waitForOutcomes(ISSUE.slug, 1);
    const again = await postSend({ slug: ISSUE.slug, now: true });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "already_sent" });
  });

  it("a test send mails one address through the provider and records nothing", async () => {
    const answer = await postSend({ slug: ISSUE.slug, test: "Owner.Test@vpf.test" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ slug: ISSUE.slug, test: "Owner.Test@vpf.test" });
    const [mail] = await readProviderMails("Owner.Test@vpf.test");
    expect(mail).toMatchObject({ subject: ISSUE.title, tag: ISSUE.slug });
    expect(mail!.text).toContain(await unsubscribeLink("Owner.Test@vpf.test"));
    const sends = await readFormsDb().prepare("SELECT COUNT(*) AS n FROM newsletter_sends").first<{ n: number }>();
    expect(sends!.n).toBe(0);
    const refused = await postSend({ slug: ISSUE.slug, test: "refused-owner@vpf.test" });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: "refused" });
  });

  it("a send interrupted anywhere finishes with one more send; a batch cut off is not mailed again", async () => {
    const emails = Array.from({ length: 250 }, (_, n) => `cut${n}@vpf.test`);
    const ids = await seedReaders(emails);
    // The first run queued one page and stopped: 100 readers delivered, 20 claimed by a consumer that died.
    await readFormsDb().prepare("INSERT INTO newsletter_sends VALUES (?, 1, 0, 0, 'operator')").bind(ISSUE.slug).run();
    await consume("vpf-newsletter", { slug: ISSUE.slug, ids: ids.slice(0, 100) });
    await readFormsDb()
      .prepare(
        `INSERT INTO newsletter_deliveries (issue_slug, reader_id, outcome, at)
         SELECT ?, value, 'sending', 1 FROM json_each(?)`,
      )
      .bind(ISSUE.slug, JSON.stringify(ids.slice(100, 120)))
      .run();
    // Status read while the last delivery is recent says the send moves; read once claims go stale, it stopped.
    expect(await readStatusLine(ISSUE.slug)).toMatch(/in progress: 130 reader\(s\) not yet mailed$/);
    expect(await readStatusLine(ISSUE.slug, Date.now() + STALE_CLAIM_MS + 1000)).toMatch(
      /unknown 20 {2}incomplete: 130 reader\(s\) not yet mailed; run send again \(npm run newsletter -- send \S+\)$/,
    );

    // The 20 cut-off claims may have reached the provider: they are recorded unknown, and the rest are queued.
    const resumed = await postSend({ slug: ISSUE.slug });
    expect(resumed.status).toBe(202);
    expect(await resumed.json()).toEqual({ slug: ISSUE.slug, recipients: 130, batches: 2 });
    const outcomes = await waitForOutcomes(ISSUE.slug, 250);
    expect(Object.values(outcomes).filter((outcome) => outcome === "delivered")).toHaveLength(230);
    expect(Object.values(outcomes).filter((outcome) => outcome === "unknown")).toHaveLength(20);
    for (const email of [emails[0]!, emails[249]!]) expect(await readProviderMails(email)).toHaveLength(1);
    expect(await readProviderMails(emails[110]!)).toHaveLength(0);
    expect(await readStatusLine(ISSUE.slug)).toMatch(
      /delivered 230 {2}refused 0 {2}failed 0 {2}unknown 20 {2}done; 20 cut off, not mailed again/,
    );
  }, 120_000);

  it("a finished send stays done when its readers leave or are deleted on request", async () => {
    const emails = ["stay@vpf.test", "leave@vpf.test", "forget@vpf.test"];
    await seedReaders(emails);
    expect((await postSend({ slug: ISSUE.slug, now: true })).status).toBe(202);
    await waitForOutcomes(ISSUE.slug, 3);
    expect(await readStatusLine(ISSUE.slug)).toMatch(/delivered 3 {2}refused 0 {2}failed 0 {2}unknown 0 {2}done$/);
    await request(await unsubscribeLink("leave@vpf.test"), { method: "POST", body: "List-Unsubscribe=One-Click" });
    for (const statement of buildDeleteSql("Forget@VPF.test" as EmailAddress).split("; ")) {
      await readFormsDb().prepare(statement).all();
    }
    // Their delivery records went with them (rule 6.8), and the send is still done, its readers all served.
    expect(await readStatusLine(ISSUE.slug)).toMatch(
      /recipients 3 {2}delivered 1 {2}refused 0 {2}failed 0 {2}unknown 0 {2}done$/,
    );
    expect((await postSend({ slug: ISSUE.slug, now: true })).status).toBe(409);
  });

  it("a dead batch marks its readers not yet mailed as failed; the operator's send queues exactly those again", async () => {
    const emails = ["dead1@vpf.test", "dead2@vpf.test", "dead3@vpf.test"];
    const ids = await seedReaders(emails);
    await readFormsDb().prepare("INSERT INTO newsletter_sends VALUES (?, 1, 3, 1, 'operator')").bind(ISSUE.slug).run();
    await consume("vpf-newsletter", { slug: ISSUE.slug, ids: ids.slice(0, 1) });
    const errors = vi.spyOn(console, "error");
    try {
      expect((await consume("vpf-newsletter-dlq", { slug: ISSUE.slug, ids })).explicitAcks).toEqual(["m1"]);
      const dead = errors.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("batch_dead"));
      expect(dead.map((line) => JSON.parse(line) as unknown)).toEqual([
        { level: "error", event: "newsletter.batch_dead", slug: ISSUE.slug, failed: 2 },
      ]);
    } finally {
      errors.mockRestore();
    }
    expect(await readOutcomes(ISSUE.slug)).toEqual({
      "dead1@vpf.test": "delivered",
      "dead2@vpf.test": "failed",
      "dead3@vpf.test": "failed",
    });
    expect(await readStatusLine(ISSUE.slug)).toMatch(/failed 2 {2}unknown 0 {2}done with failures: run send again/);

    // A queue that refuses the retry loses no one: the next send finds the readers still without a mail.
    const refusingQueue = { sendBatch: () => Promise.reject(new Error("queue unavailable")) };
    expect((await postSend({ slug: ISSUE.slug }, { NEWSLETTER_QUEUE: refusingQueue })).status).toBe(500);
    const retried = await postSend({ slug: ISSUE.slug });
    expect(retried.status).toBe(202);
    expect(await retried.json()).toEqual({ slug: ISSUE.slug, recipients: 2, batches: 1 });
    await vi.waitFor(
      async () =>
        expect(Object.values(await readOutcomes(ISSUE.slug))).toEqual(["delivered", "delivered", "delivered"]),
      { timeout: 30_000, interval: 250 },
    );
    for (const email of emails) expect(await readProviderMails(email)).toHaveLength(1);
  });
});
