/**
 * The default forms mode, `simulated` (rules 6.3 to 6.6): a script-less post
 * is never read or kept, and the privacy page says nothing is sent.
 */
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
