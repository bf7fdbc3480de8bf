import { describe, expect, it } from "vitest";
import { readScriptNonce as scriptNonce, request, requestWithEnv } from "./helpers";

const HTML_PATHS = ["/", "/blog", "/categories/crypto", "/please-hold", "/does-not-exist"];

describe("security headers", () => {
  it.each(HTML_PATHS)("%s carries the CSP and every inline script its nonce", async (path) => {
    const response = await request(path);
    expect(response.headers.get("content-type")).toContain("text/html");
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = scriptNonce(csp);
    expect(atob(nonce)).toHaveLength(16);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");

    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("sends HSTS, nosniff, referrer and permissions policies", async () => {
    const response = await request("/");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d{8,}/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("connect-src allows exactly the Supabase origin when accounts are configured", async () => {
    const off = (await request("/")).headers.get("content-security-policy") ?? "";
    expect(off).toMatch(/connect-src 'self'\s*;/);
    const on = await requestWithEnv(
      "/",
      {},
      { SUPABASE_URL: "https://abcd1234.supabase.co/", SUPABASE_ANON_KEY: "public-anon-key" },
    );
    const csp = on.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/connect-src 'self' https:\/\/abcd1234\.supabase\.co\s*;/);
  });

  it("uses a fresh nonce per request", async () => {
    const first = scriptNonce((await request("/")).headers.get("content-security-policy") ?? "");
    const second = scriptNonce((await request("/")).headers.get("content-security-policy") ?? "");
    expect(first).not.toBe(second);
  });

  it("caches fingerprinted assets as immutable and still sends security headers", async () => {
    const html = await (await request("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await request(asset ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers an unknown path with the 404 page and status 404", async () => {
    for (const path of ["/no-such-page", "/404"]) {
      const response = await request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Page Not Found");
    }
  });

  it("redirects an unknown article slug to /404", async () => {
    const response = await request("/blog/no-such-article");
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location") ?? "", "https://vpf.test").pathname).toBe("/404");
  });
});
