/**
 * Every kind of answer leaves the worker with a Cache-Control header (rule 8.3):
 * pages, data, JSON, feeds, redirects, errors, and the answers React Router
 * makes on its own (a foreign post's 400, the manifest's 204, an unknown
 * article's redirect to /404).
 */
import { describe, expect, it } from "vitest";
import { request } from "./helpers";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

const ANSWERS: Array<[kind: string, path: string, init: RequestInit, status: number, cacheControl: string | RegExp]> = [
  ["a page", "/about?render=1", {}, 200, "private, no-cache"],
  ["the 404 page", "/no-such-page", {}, 404, /no-store|private, no-cache/],
  ["page data", "/about.data", {}, 200, "no-store"],
  ["a feed", "/rss.xml", {}, 200, "public, max-age=300"],
  ["a redirect to the canonical address", "/About", {}, 301, "public, max-age=3600"],
  ["an unknown article's redirect to /404", "/blog/no-such-article", {}, 302, "no-store"],
  ["a method a page does not take", "/about", { method: "DELETE" }, 405, "no-store"],
  [
    "a post from another site to a page",
    "/contact",
    {
      method: "POST",
      headers: { ...FORM, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: "a=1",
    },
    403,
    "no-store",
  ],
  ["the route manifest", "/__manifest", {}, 204, "no-store"],
  ["an unknown API", "/api/nothing", {}, 404, "no-store"],
];

describe("Cache-Control on every kind of answer", () => {
  it.each(ANSWERS)("%s (%s)", async (_kind, path, init, status, cacheControl) => {
    const response = await request(path, init);
    expect(response.status).toBe(status);
    const header = response.headers.get("cache-control");
    expect(header).not.toBeNull();
    if (typeof cacheControl === "string") expect(header).toBe(cacheControl);
    else expect(header).toMatch(cacheControl);
    await response.body?.cancel();
  });
});
