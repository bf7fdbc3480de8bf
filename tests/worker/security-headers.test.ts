import { describe, expect, it, vi } from "vitest";
import { readScriptNonce as scriptNonce, request, requestCachedPage, requestWithEnv } from "./helpers";
import { createDrivenRateLimiter } from "./rate-limits";

const HTML_PATHS = ["/", "/blog", "/categories/crypto", "/please-hold", "/does-not-exist"];

describe("security headers", () => {
  it.each(HTML_PATHS)("%s, rendered, carries the CSP and every inline script its nonce", async (path) => {
    // The query string keeps the answer a render, never a page-cache hit (those are named by hash).
    const response = await request(`${path}?render=1`);
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
    expect(off).toMatch(/connect-src 'self';/);
    const on = await requestWithEnv(
      "/",
      {},
      { SUPABASE_URL: "https://abcd1234.supabase.co/", SUPABASE_ANON_KEY: "public-anon-key" },
    );
    const csp = on.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/connect-src 'self' https:\/\/abcd1234\.supabase\.co\s*;/);
  });

  it("uses a fresh nonce for every render", async () => {
    // A query string keeps the page out of the page cache, so both requests are rendered.
    const first = scriptNonce((await request("/?fresh=1")).headers.get("content-security-policy") ?? "");
    const second = scriptNonce((await request("/?fresh=1")).headers.get("content-security-policy") ?? "");
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

  it("follows the strict-CSP standard: nonce or hashes, 'strict-dynamic', base-uri 'none', reporting", async () => {
    // A render names its nonce; a page-cache hit names its scripts' hashes (rule 8.3).
    const rendered = await request("/?fresh=1");
    expect(rendered.headers.get("content-security-policy")).toMatch(
      /script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/,
    );
    const response = await requestCachedPage("/");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src ('sha256-[A-Za-z0-9+/=]+' )+'strict-dynamic'/);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("report-uri /api/csp-report");
    expect(csp).toMatch(/report-to csp-endpoint/);
    expect(response.headers.get("reporting-endpoints")).toBe('csp-endpoint="/api/csp-report"');
    expect(csp).not.toMatch(/ ;|\s{2,}/);
  });
});

describe("Cache-Control", () => {
  it("sends HTML as private, no-cache, data and JSON as no-store", async () => {
    expect((await request("/")).headers.get("cache-control")).toBe("private, no-cache");
    expect((await request("/no-such-page")).headers.get("cache-control")).toBe("private, no-cache");
    expect((await request("/blog?q=fund")).headers.get("cache-control")).toBe("private, no-cache");
    expect((await request("/about.data")).headers.get("cache-control")).toBe("no-store");
    expect((await request("/_root.data")).headers.get("cache-control")).toBe("no-store");
    const json = await request("/api/checkout", { method: "POST", headers: { "content-type": "text/plain" } });
    expect(json.status).toBe(415);
    expect(json.headers.get("cache-control")).toBe("no-store");
    expect((await request("/api/nothing-here")).headers.get("cache-control")).toBe("no-store");
  });
});

describe("CSP violation reports", () => {
  const report = (body: unknown, type = "application/csp-report", ip = "198.51.100.9") =>
    request("/api/csp-report", {
      method: "POST",
      headers: { "content-type": type, "cf-connecting-ip": ip },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("logs a legacy report as one structured line without any query and answers 204", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await report({
      "csp-report": {
        "document-uri": "https://vpf.test/blog?q=private",
        "effective-directive": "script-src-elem",
        "blocked-uri": "https://evil.test/x.js?token=secret",
      },
    });
    expect(response.status).toBe(204);
    const lines = warn.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
    warn.mockRestore();
    expect(lines).toEqual([
      {
        level: "warn",
        event: "csp.violation",
        document: "/blog",
        directive: "script-src-elem",
        blocked: "https://evil.test",
      },
    ]);
  });

  it("logs each violation of a Reporting API batch", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const body = [1, 2].map((n) => ({
      type: "csp-violation",
      body: { documentURL: `https://vpf.test/${n}`, effectiveDirective: "img-src", blockedURL: "data" },
    }));
    const response = await report(body, "application/reports+json", "198.51.100.10");
    expect(response.status).toBe(204);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it("answers 400, 415 or 405 to what is not a report, never 5xx", async () => {
    expect((await report("not json", "application/csp-report", "198.51.100.11")).status).toBe(400);
    expect((await report({ a: 1 }, "application/csp-report", "198.51.100.12")).status).toBe(400);
    expect((await report({}, "text/plain", "198.51.100.13")).status).toBe(415);
    const get = await request("/api/csp-report");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("rate-limits each client, one budget per IPv6 /64, until the window ends", async () => {
    // The limiter's clock stands a second before its window's end and moves only when this test moves it.
    const limiter = await createDrivenRateLimiter("CSP_REPORT_RATE_LIMITER");
    expect([limiter.budget, limiter.periodMs], "30 reports a minute").toEqual([30, 60_000]);
    const limited = (ip: string) =>
      requestWithEnv(
        "/api/csp-report",
        {
          method: "POST",
          headers: { "content-type": "application/csp-report", "cf-connecting-ip": ip },
          body: JSON.stringify({ "csp-report": {} }),
        },
        { CSP_REPORT_RATE_LIMITER: limiter },
      );
    const statuses: number[] = [];
    for (let i = 0; i < limiter.budget + 5; i++) {
      statuses.push((await limited(`2001:db8:99:1:${(i + 1).toString(16)}::1`)).status);
    }
    expect(statuses.slice(0, limiter.budget)).toEqual(Array(limiter.budget).fill(204));
    expect(statuses.slice(limiter.budget)).toEqual(Array(5).fill(429));
    expect((await limited("2001:db8:99:2::1")).status, "another /64").toBe(204);
    limiter.nowMs += 1000;
    expect((await limited("2001:db8:99:1::1")).status, "the next window").toBe(204);
  });
});
