import { afterEach, describe, expect, it } from "vitest";
import { putFlags, putRawFlags, readScriptNonce, request } from "./helpers";

const scriptNonce = (response: Response) => readScriptNonce(response.headers.get("content-security-policy"));

describe("render cache", () => {
  afterEach(() => putRawFlags(null));

  it("serves a repeated page from the cache with a fresh nonce on every script", async () => {
    const first = await request("/about");
    const firstNonce = scriptNonce(first);
    const firstHtml = await first.text();
    const second = await request("/about");
    expect(second.headers.get("x-render-cache")).toBe("hit");
    const nonce = scriptNonce(second);
    expect(nonce).not.toBe(firstNonce);
    const html = await second.text();
    expect(html).not.toContain(firstNonce);
    const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html.replaceAll(nonce, "N")).toBe(firstHtml.replaceAll(firstNonce, "N"));
  });

  it("never caches a URL with a query string", async () => {
    await request("/blog?q=fire");
    const again = await request("/blog?q=fire");
    expect(again.headers.get("x-render-cache")).toBeNull();
    expect(await again.text()).toContain("1 article");
  });

  it("shows a flag change at once", async () => {
    await putFlags({ store: true });
    expect(await (await request("/categories")).text()).toContain('href="/store"');
    await putFlags({ store: false });
    const after = await request("/categories");
    expect(await after.text()).not.toContain('href="/store"');
  });

  it("does not cache 404 pages or data requests", async () => {
    await request("/no-such-page");
    expect((await request("/no-such-page")).headers.get("x-render-cache")).toBeNull();
    await request("/about.data");
    expect((await request("/about.data")).headers.get("x-render-cache")).toBeNull();
  });
});
