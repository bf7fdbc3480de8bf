/**
 * Methods (rule 2.5) and the holding rule's methods (rule 1.4): pages answer
 * GET and HEAD (and POST where they have a form), everything else 405 with
 * `Allow`; while holding, every other method is 503 with `Retry-After`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { putFlags, putRawFlags, request } from "./helpers";

describe("methods pages do not take", () => {
  it.each(["POST", "PUT", "DELETE", "OPTIONS", "PATCH"])(
    "%s /about answers 405 with Allow and no error log",
    async (method) => {
      const errors = vi.spyOn(console, "error");
      const response = await request("/about", { method, body: method === "OPTIONS" ? null : "x=1" });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const html = await response.text();
      expect(html).toContain("Method Not Allowed");
      expect(html).not.toContain("Unexpected Application Error!");
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
    },
  );

  it("names POST in Allow on a page with a form", async () => {
    const response = await request("/contact", { method: "PUT", body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("answers 405 to a POST on a static file", async () => {
    const response = await request("/favicon.svg", { method: "POST", body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("methods while holding", () => {
  beforeEach(() => putFlags({ holdingPage: true }));
  afterEach(() => putRawFlags(null));

  it.each([
    ["POST", "/please-hold"],
    ["PUT", "/assets/app.js"],
    ["DELETE", "/"],
    ["POST", "/api/checkout"],
    ["POST", "/api/csp-report"],
    ["OPTIONS", "/images/brand/logo-light.svg"],
  ])("%s %s answers 503 with Retry-After", async (method, path) => {
    const response = await request(path, { method, body: method === "OPTIONS" ? null : "{}" });
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ error: "holding" });
  });

  it("sends a missing file under an allowed prefix to the holding page", async () => {
    const response = await request("/assets/no-such-file.js");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/please-hold");
  });
});
