/**
 * Holding mode and the newsletter (rule 6.8): while the site holds, every link in a mail would lead to the holding
 * page, so the cron starts no send and the queue's batches wait; a mail client's one-click unsubscribe still works.
 */
import issues from "virtual:vpf/newsletters";
import { afterEach, describe, expect, it } from "vitest";
import { readFormsDb } from "./forms-db";
import { putFlags, putRawFlags, request } from "./helpers";
import { buildUnsubscribeLink, consume, readReader, runCron, seedReader } from "./newsletter-helpers";

const seedConfirmed = (email: string) => seedReader(email);

async function countSends(slug: string): Promise<number> {
  const row = await readFormsDb()
    .prepare("SELECT COUNT(*) AS count FROM newsletter_sends WHERE issue_slug = ?")
    .bind(slug)
    .first<{ count: number }>();
  return row?.count ?? 0;
}

describe("while the site holds", () => {
  afterEach(() => putRawFlags(null));

  it("a mail client's one-click unsubscribe still unsubscribes", async () => {
    const email = "holding-leaver@vpf.test";
    await seedConfirmed(email);
    await putFlags({ holdingPage: true });
    const link = await buildUnsubscribeLink(email);
    const answer = await request(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(answer.status).toBe(200);
    expect((await readReader(email))?.status).toBe("unsubscribed");
    // Any other post still gets the holding answer.
    expect((await request("/contact", { method: "POST", body: "" })).status).toBe(503);
  });

  it("the cron starts no send, and starts it once the site is back", async () => {
    const issue = issues[0]!;
    await seedConfirmed("holding-reader@vpf.test");
    const runTime = Date.parse(issue.sendAt) + 60_000;
    await putFlags({ holdingPage: true });
    await runCron(runTime);
    expect(await countSends(issue.slug)).toBe(0);
    await putRawFlags(null);
    await runCron(runTime);
    expect(await countSends(issue.slug)).toBe(1);
  });

  it("a queued batch waits and mails no one", async () => {
    const email = "holding-batch@vpf.test";
    const id = await seedConfirmed(email);
    await putFlags({ holdingPage: true });
    const result = await consume("vpf-newsletter", { slug: issues[0]!.slug, ids: [id] });
    expect(result.retryBatch.retry).toBe(true);
    expect(result.explicitAcks).toEqual([]);
    const delivered = await readFormsDb()
      .prepare("SELECT COUNT(*) AS count FROM newsletter_deliveries WHERE reader_id = ?")
      .bind(id)
      .first<{ count: number }>();
    expect(delivered?.count).toBe(0);
  });
});
