/**
 * `/privacy` with `FORMS_MODE=d1` (rules 6.7, 6.8): what the newsletter keeps and for how long, as a reader of the
 * page sees it, and the database held to those words.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import issues from "virtual:vpf/newsletters";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readEmailKey } from "../../core/email-address";
import { CLEANUP_CRON } from "../../core/newsletter-schedule";
import { LIST_SQL, buildDeleteSql } from "../../scripts/submissions-cli";
import { readFormsDb } from "./forms-db";
import { loadBuiltWorker, putFlags, putRawFlags, request } from "./helpers";
import {
  buildUnsubscribeLink,
  clearNewsletter,
  postSend,
  readOutcomes,
  readReader,
  seedReader,
} from "./newsletter-helpers";

afterEach(() => putRawFlags(null));

/** The page's text without tags, entities or line breaks. */
async function readPrivacyText(): Promise<string> {
  const html = await (await request("/privacy")).text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

describe("the privacy page states what the newsletter keeps in d1 mode", () => {
  it("names the address, its status, the consent time and page, and each issue's sending time", async () => {
    const text = await readPrivacyText();
    expect(text).toContain(
      "we keep in our database your e-mail address, its status (pending until you confirm, then confirmed, or unsubscribed once you leave), the time you gave your consent and the page you subscribed on",
    );
    expect(text).toContain("For each issue we send you, we keep the time we sent it");
    expect(text).not.toContain("nothing leaves your browser and we keep nothing");
  });

  it("says how long: 30 days unconfirmed, until unsubscribing, then only to never mail again", async () => {
    const text = await readPrivacyText();
    expect(text).toContain("If you never confirm, your address is deleted 30 days after you subscribed.");
    expect(text).toContain("We keep these records as long as you are subscribed.");
    expect(text).toContain("We keep a confirmed address until you unsubscribe.");
    expect(text).toContain(
      "After that we keep only your address and its status, so that we never e-mail you again; to have them deleted too, write to us through the contact page or at",
    );
  });

  it("points to the contact page only while it is on", async () => {
    const html = await (await request("/privacy")).text();
    expect(html).toMatch(/<a [^>]*href="\/contact"[^>]*>contact page<\/a>/);
    await putFlags({ contact: false });
    const without = await readPrivacyText();
    expect(without).not.toContain("contact page");
    expect(without).toMatch(/to have them deleted too, write to us at \S+@\S+; we delete them within 30 days\./);
  });
});

describe("the database keeps what the privacy page says, and no more", () => {
  const slug = issues[0]!.slug;

  /** Mails the issue to every confirmed reader and waits until each has an outcome. */
  async function sendToAll(readers: number): Promise<void> {
    expect((await postSend({ slug, now: true })).status).toBe(202);
    await vi.waitFor(async () => expect(Object.keys(await readOutcomes(slug))).toHaveLength(readers), {
      timeout: 30_000,
      interval: 250,
    });
  }

  async function countDeliveries(id: unknown): Promise<number> {
    const row = await readFormsDb()
      .prepare("SELECT COUNT(*) AS n FROM newsletter_deliveries WHERE reader_id = ?")
      .bind(id)
      .first<{ n: number }>();
    return row!.n;
  }

  it("after unsubscribing: only the address and its status; no times, no page, no delivery records", async () => {
    await clearNewsletter();
    const id = await seedReader("promise@vpf.test");
    await sendToAll(1);
    expect(await countDeliveries(id)).toBe(1);
    await request(await buildUnsubscribeLink("promise@vpf.test"), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
    });
    expect(await readReader("promise@vpf.test")).toEqual({
      id,
      email: "promise@vpf.test",
      email_key: readEmailKey("promise@vpf.test"),
      status: "unsubscribed",
      requested_at: null,
      consent_source: null,
      confirmation_sent_at: null,
      confirmed_at: null,
    });
    expect(await countDeliveries(id)).toBe(0);
    // The operator's list shows the address and its status, with no time.
    const { results } = await readFormsDb().prepare(LIST_SQL).all();
    expect(results.at(-1)).toMatchObject({ email: "promise@vpf.test", status: "unsubscribed", created_at: null });
  });

  it("an address deleted on request takes its delivery records with it", async () => {
    await clearNewsletter();
    const id = await seedReader("forget-me@vpf.test");
    await sendToAll(1);
    for (const statement of buildDeleteSql("Forget-Me@VPF.test" as never).split("; ")) {
      await readFormsDb().prepare(statement).all();
    }
    expect(await readReader("forget-me@vpf.test")).toBeNull();
    expect(await countDeliveries(id)).toBe(0);
  });

  it("an address never confirmed is deleted 30 days after the sign-up, by the daily clean-up", async () => {
    await clearNewsletter();
    await seedReader("never-confirmed@vpf.test", "pending");
    const ctx = createExecutionContext();
    const cleanup = createScheduledController({ scheduledTime: 1 + 31 * 86_400_000, cron: CLEANUP_CRON });
    await (await loadBuiltWorker()).scheduled(cleanup, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await readReader("never-confirmed@vpf.test")).toBeNull();
  });
});
