/**
 * The default forms mode, `simulated` (rules 6.3 to 6.6): a script-less post
 * is never read or kept, the privacy page says nothing is sent, and the
 * operator's send says why it cannot send (rule 6.8).
 */
import { env } from "cloudflare:test";
import issues from "virtual:vpf/newsletters";
import { describe, expect, it } from "vitest";
import { request } from "./helpers";

const ORIGIN = "https://vpf.test";

describe("simulated forms keep nothing", () => {
  it("a script-less post says nothing was sent; the privacy page says the forms send nothing", async () => {
    const post = await request("/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body: "name=S&email=sim%40vpf.test&message=M",
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toContain("Nothing was sent.");
    const privacy = await (await request("/privacy")).text();
    expect(privacy).toContain("does not send your message anywhere yet");
    expect(privacy).not.toContain("deleted automatically");
  });
});

describe("the operator's send while forms are simulated", () => {
  const send = (authorization: string, body: Record<string, unknown>) =>
    request("/api/newsletter/send", {
      method: "POST",
      headers: { "content-type": "application/json", authorization },
      body: JSON.stringify(body),
    });
  const token = (env as unknown as { NEWSLETTER_SEND_TOKEN: string }).NEWSLETTER_SEND_TOKEN;

  it("tells the token's holder the one cause, for a send and a test alike", async () => {
    for (const body of [{ slug: issues[0]!.slug }, { slug: issues[0]!.slug, test: "me@vpf.test" }]) {
      const answer = await send(`Bearer ${token}`, body);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({
        error: "forms_simulated",
        message: expect.stringContaining('FORMS_MODE "d1"'),
      });
    }
  });

  it("to anyone else does not exist", async () => {
    for (const authorization of ["", "Bearer wrong-token-value"]) {
      const answer = await send(authorization, { slug: issues[0]!.slug });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ error: "not_found" });
    }
  });
});
