/**
 * The default forms mode, `simulated` (rules 6.3 to 6.6): the form endpoints
 * do not exist for visitors, a script-less post is never read or kept, and
 * the privacy page says nothing is sent.
 */
import { describe, expect, it } from "vitest";
import { request } from "./helpers";

const ORIGIN = "https://vpf.test";

describe("simulated forms keep nothing", () => {
  it("the form endpoints answer 404 in simulated mode", async () => {
    for (const path of ["/api/contact", "/api/newsletter"]) {
      const response = await request(path, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({ email: "sim@vpf.test", name: "S", message: "M" }),
      });
      expect(response.status, path).toBe(404);
    }
  });

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
