/**
 * The mail provider's signed webhooks (rule 6.8, decision 016): a permanent bounce, a complaint or an unsubscribe
 * reported by the provider marks the reader so no later send mails them; an event that does not verify changes
 * nothing.
 */
import { env } from "cloudflare:test";
import issues from "virtual:vpf/newsletters";
import { beforeEach, describe, expect, it } from "vitest";
import { signWebhook } from "../../worker/mail-provider";
import { putFlags, putRawFlags, request } from "./helpers";
import { clearNewsletter, postSend, readReader, seedReader } from "./newsletter-helpers";

const SIGNING_KEY = (env as unknown as { MAILGUN_WEBHOOK_SIGNING_KEY: string }).MAILGUN_WEBHOOK_SIGNING_KEY;

beforeEach(clearNewsletter);

/** Posts an event as the provider does, signed with `key` at `timestampS` (s since the epoch). */
async function postEvent(
  data: Record<string, unknown>,
  { key = SIGNING_KEY, timestampS = Math.floor(Date.now() / 1000) } = {},
): Promise<Response> {
  const timestamp = String(timestampS);
  const token = crypto.randomUUID().replaceAll("-", "");
  const signature = await signWebhook(key, timestamp, token);
  return request("/api/newsletter/events", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ signature: { timestamp, token, signature }, "event-data": data }),
  });
}

describe("the provider's events", () => {
  it("a permanent bounce marks the reader, and the next send leaves them out", async () => {
    await seedReader("bounced@vpf.test");
    await seedReader("kept@vpf.test");
    const answer = await postEvent({ event: "failed", severity: "permanent", recipient: "Bounced@VPF.test" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, marked: true });
    expect(await readReader("bounced@vpf.test")).toMatchObject({ status: "bounced", confirmed_at: null });
    const send = await postSend({ slug: issues[0]!.slug, now: true });
    expect(await send.json()).toMatchObject({ recipients: 1 });
  });

  it.each([
    [{ event: "complained", recipient: "c@vpf.test" }, "complained"],
    [{ event: "unsubscribed", recipient: "c@vpf.test" }, "unsubscribed"],
    [{ event: "failed", severity: "temporary", recipient: "c@vpf.test" }, "confirmed"],
    [{ event: "delivered", recipient: "c@vpf.test" }, "confirmed"],
  ])("%j leaves the reader %s", async (data, status) => {
    await seedReader("c@vpf.test");
    expect((await postEvent(data)).status).toBe(200);
    expect(await readReader("c@vpf.test")).toMatchObject({ status });
  });

  it("works while the site holds, as the provider cannot wait", async () => {
    await seedReader("holding@vpf.test");
    await putFlags({ holdingPage: true });
    try {
      expect((await postEvent({ event: "complained", recipient: "holding@vpf.test" })).status).toBe(200);
    } finally {
      await putRawFlags(null);
    }
    expect(await readReader("holding@vpf.test")).toMatchObject({ status: "complained" });
  });

  it("refuses a forged or replayed event, changing nothing", async () => {
    await seedReader("target@vpf.test");
    const data = { event: "complained", recipient: "target@vpf.test" };
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
});
