import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { putFlags, putRawFlags, request } from "./helpers";

describe("holding page rule", () => {
  beforeEach(() => putFlags({ holdingPage: true }));
  afterEach(() => putRawFlags(null));

  it.each(["/", "/blog", "/blog.data", "/store.data", "/_root.data", "/images/placeholder.svg", "/robots.txt"])(
    "redirects GET %s to /please-hold with 302",
    async (path) => {
      const response = await request(path);
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("location") ?? "", "https://vpf.test").pathname).toBe("/please-hold");
    },
  );

  it("redirects a HEAD request too", async () => {
    const response = await request("/about", { method: "HEAD" });
    expect(response.status).toBe(302);
  });

  it("serves /please-hold itself with its logo and the recalibrating message", async () => {
    const response = await request("/please-hold");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("recalibrating");
    const logo = await request("/images/brand/logo-light.svg");
    expect(logo.status).toBe(200);
  });

  it("answers a POST with 503 and a JSON error", async () => {
    const response = await request("/api/checkout", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toMatchObject({ error: "holding" });
  });

  it("lets everything through again once the flag is off", async () => {
    await putFlags({ holdingPage: false });
    expect((await request("/")).status).toBe(200);
    expect((await request("/blog")).status).toBe(200);
    expect((await request("/images/placeholder.svg")).status).toBe(200);
  });
});
