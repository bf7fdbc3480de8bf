/**
 * The mail provider's signed webhooks (rule 6.8, decision 016): a permanent bounce, a complaint or an unsubscribe
 * reported by the provider marks the reader so no later send mails them, but only a reader the event's message was
 * sent to, and each signed event only once; an event that does not verify changes nothing.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import issues from "virtual:vpf/newsletters";
import { beforeEach, describe, expect, it } from "vitest";
import { CLEANUP_CRON } from "../../core/newsletter-schedule";
import { signWebhook } from "../../server/mail-provider.server";
import { readFormsDb } from "./forms-db";
import { loadBuiltWorker, putFlags, putRawFlags, request } from "./helpers";
import { clearNewsletter, consume, postSend, readProviderMails, readReader, seedReader } from "./newsletter-helpers";

const SIGNING_KEY = (env as unknown as { MAILGUN_WEBHOOK_SIGNING_KEY: string }).MAILGUN_WEBHOOK_SIGNING_KEY;
/** An issue of the archive; which one does not matter. */
const ISSUE = issues[0]!;

beforeEach(async () => {
  await clearNewsletter();
  await readFormsDb().prepare("DELETE FROM newsletter_event_tokens").run();
});

type Signature = { timestamp: string; token: string; signature: string };

/** A fresh signature as the provider makes one, with `key` at `timestampS` (s since the epoch). */
async function sign({ key = SIGNING_KEY, timestampS = Math.floor(Date.now() / 1000) } = {}): Promise<Signature> {
  const timestamp = String(timestampS);
  const token = crypto.randomUUID().replaceAll("-", "");
  return { timestamp, token, signature: await signWebhook(key, timestamp, token) };
}

/** Posts an event as the provider does: `signature` beside the event's data. */
function postSigned(signature: Signature, data: Record<string, unknown>): Promise<Response> {
  return request("/api/newsletter/events", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ signature, "event-data": data }),
  });
}

/** Posts an event under a fresh signature (`sign`'s options). */
async function postEvent(data: Record<string, unknown>, options?: Parameters<typeof sign>[0]): Promise<Response> {
  return postSigned(await sign(options), data);
}

/** Seeds `email` as a confirmed reader and mails them the issue in a provider call of its own; returns its id. */
async function mailReader(email: string): Promise<string> {
  const id = await seedReader(email);
  await consume("vpf-newsletter", { slug: ISSUE.slug, ids: [id] });
  const mail = (await readProviderMails(email)).filter((taken) => taken.tag === ISSUE.slug).at(-1);
  if (!mail) throw new Error(`the provider stand-in took no issue for ${email}`);
  return mail.messageId;
}

/** An event's data as the provider reports it about `recipient` and the message `messageId`. */
function eventData(fields: Record<string, unknown>, recipient: string, messageId: string) {
  return { ...fields, recipient, message: { headers: { "message-id": messageId } } };
}

describe("the provider's events", () => {
  it("a permanent bounce marks the reader, and the next send leaves them out", async () => {
    const messageId = await mailReader("bounced@vpf.test");
    await seedReader("kept@vpf.test");
    const answer = await postEvent(
      eventData({ event: "failed", severity: "permanent" }, "Bounced@VPF.test", messageId),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, marked: true });
    expect(await readReader("bounced@vpf.test")).toMatchObject({ status: "bounced", confirmed_at: null });
    const send = await postSend({ slug: ISSUE.slug, now: true });
    expect(await send.json()).toMatchObject({ recipients: 1 });
  });

  it.each([
    [{ event: "complained" }, "complained"],
    [{ event: "unsubscribed" }, "unsubscribed"],
    [{ event: "failed", severity: "temporary" }, "confirmed"],
    [{ event: "delivered" }, "confirmed"],
  ])("%j leaves the reader %s", async (fields, status) => {
    const messageId = await mailReader("c@vpf.test");
    expect((await postEvent(eventData(fields, "c@vpf.test", messageId))).status).toBe(200);
    expect(await readReader("c@vpf.test")).toMatchObject({ status });
  });

  it("works while the site holds, as the provider cannot wait", async () => {
    const messageId = await mailReader("holding@vpf.test");
    await putFlags({ holdingPage: true });
    try {
      const answer = await postEvent(eventData({ event: "complained" }, "holding@vpf.test", messageId));
      expect(answer.status).toBe(200);
    } finally {
      await putRawFlags(null);
    }
    expect(await readReader("holding@vpf.test")).toMatchObject({ status: "complained" });
  });

  it("refuses a forged or expired event, changing nothing", async () => {
    const messageId = await mailReader("target@vpf.test");
    const data = eventData({ event: "complained" }, "target@vpf.test", messageId);
    for (const answer of [
      await postEvent(data, { key: "not-the-signing-key" }),
      await postEvent(data, { timestampS: Math.floor(Date.now() / 1000) - 3600 }),
    ]) {
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ error: "unsigned" });
    }
    const malformed = await request("/api/newsletter/events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ "event-data": data }),
    });
    expect(malformed.status).toBe(400);
    expect(await readReader("target@vpf.test")).toMatchObject({ status: "confirmed" });
  });

  it("takes each signed event once: a replay is refused with 401, whatever reader it names", async () => {
    const first = await mailReader("first@vpf.test");
    const other = await mailReader("other@vpf.test");
    const signature = await sign();
    const original = await postSigned(signature, eventData({ event: "unsubscribed" }, "first@vpf.test", first));
    expect(await original.json()).toEqual({ ok: true, marked: true });
    for (const data of [
      eventData({ event: "unsubscribed" }, "first@vpf.test", first),
      eventData({ event: "complained" }, "other@vpf.test", other),
    ]) {
      const replay = await postSigned(signature, data);
      expect(replay.status).toBe(401);
      expect(await replay.json()).toMatchObject({ error: "replayed" });
    }
    expect(await readReader("other@vpf.test")).toMatchObject({ status: "confirmed" });
  });

  it("an event re-aimed at another reader changes nothing for that reader", async () => {
    const aimed = await mailReader("aimed@vpf.test");
    await mailReader("other-call@vpf.test");
    await seedReader("never-mailed@vpf.test");
    // Each time, the signature of a bounce of aimed@ caught before it arrived, its recipient replaced: by a reader
    // a separate call mailed, keeping the message; by one never mailed; by one never mailed, with no message.
    for (const [recipient, message] of [
      ["other-call@vpf.test", aimed],
      ["never-mailed@vpf.test", aimed],
      ["never-mailed@vpf.test", undefined],
    ] as const) {
      const caught = await sign();
      const data = {
        event: "failed",
        severity: "permanent",
        recipient,
        ...(message && { message: { headers: { "message-id": message } } }),
      };
      const answer = await postSigned(caught, data);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true, marked: false });
      expect(await readReader(recipient)).toMatchObject({ status: "confirmed" });
    }
    expect(await readReader("aimed@vpf.test")).toMatchObject({ status: "confirmed" });
  });

  it("the daily clean-up forgets only the tokens whose signature has expired", async () => {
    const db = readFormsDb();
    const now = Date.now();
    await db
      .prepare("INSERT INTO newsletter_event_tokens VALUES ('old', ?, 'r1'), ('live', ?, 'r2')")
      .bind(now - 1, now + 60_000)
      .run();
    const ctx = createExecutionContext();
    const cleanup = createScheduledController({ scheduledTime: now, cron: CLEANUP_CRON });
    await (await loadBuiltWorker()).scheduled(cleanup, env, ctx);
    await waitOnExecutionContext(ctx);
    const { results } = await db.prepare("SELECT token FROM newsletter_event_tokens").all();
    expect(results).toEqual([{ token: "live" }]);
  });
});
