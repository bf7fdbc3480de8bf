/**
 * Canonical URLs and flag gates (rules 1.5 and 2.1): every spelling of a page
 * path reaches the same gate. Gated paths come from the page registry, which
 * React Router's route table is built from, so a route added there is covered
 * here without editing this file.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { FLAG_NAMES, type FlagName } from "../../core/flags";
import { SITE_PAGES } from "../../core/page-registry";
import { readFuzzRuns } from "../fuzz-runs";
import { putFlags, putRawFlags, request } from "./helpers";
import { ARTICLE_PATH, ARTICLE_SLUG, ISSUE_SLUG, PRODUCT_ID } from "./content-items";

const RUNS = Math.max(50, Math.floor(readFuzzRuns((env as { BENCH_FUZZ_RUNS?: string }).BENCH_FUZZ_RUNS) / 10));

/**
 * Every gated route of the registry, which is also React Router's route
 * table (app/routes.ts is built from it), with a real value for each
 * parameter such as `/product/:id`.
 */
const PARAMETER_VALUES: Record<string, string> = { id: PRODUCT_ID, slug: ISSUE_SLUG };
const GATED = SITE_PAGES.filter((page) => page.flag !== null).map((page) => ({
  flag: page.flag as FlagName,
  path: `/${page.pattern.replace(/:([a-z]+)/gi, (_match, name: string) => PARAMETER_VALUES[name]!)}`,
  /** A page has a `.data` twin; a feed is a resource route without one. */
  page: page.layout === "shell",
}));

/** A spelling of `path`: random letter case, repeated slashes, escapes, a trailing slash, `.data`. */
function spellingOf(path: string) {
  return fc
    .record({
      upper: fc.array(fc.boolean(), { minLength: path.length, maxLength: path.length }),
      escape: fc.array(fc.boolean(), { minLength: path.length, maxLength: path.length }),
      slashes: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: path.length, maxLength: path.length }),
      trailing: fc.integer({ min: 0, max: 3 }),
      data: fc.boolean(),
    })
    .map(({ upper, escape, slashes, trailing, data }) => {
      let out = "";
      [...path].forEach((char, i) => {
        if (char === "/") out += "/".repeat(slashes[i] ?? 1);
        else {
          const cased = upper[i] ? char.toUpperCase() : char;
          out += escape[i] ? `%${cased.charCodeAt(0).toString(16).padStart(2, "0")}` : cased;
        }
      });
      out += "/".repeat(trailing);
      return data ? `${out}.data` : out;
    });
}

/** Follows same-site redirects (at most 3) and returns the final response. */
async function follow(path: string): Promise<{ response: Response; hops: string[] }> {
  const hops: string[] = [];
  let response = await request(path);
  while (response.status === 301 && hops.length < 3) {
    const location = new URL(response.headers.get("location") ?? "", "https://vpf.test");
    expect(location.origin).toBe("https://vpf.test");
    hops.push(location.pathname);
    await response.arrayBuffer();
    response = await request(`${location.pathname}${location.search}`);
  }
  return { response, hops };
}

describe("canonical URLs", () => {
  afterEach(() => putRawFlags(null));

  it.each([
    ["/About", "/about"],
    ["/about/", "/about"],
    ["/about//", "/about"],
    ["//about", "/about"],
    [`/BLOG//${ARTICLE_SLUG}/`, ARTICLE_PATH],
    ["/%61bout", "/about"],
    ["/Store.data", "/store.data"],
    ["/store//.data", "/store.data"],
    ["/.data", "/_root.data"],
    ["/RSS.xml", "/rss.xml"],
  ])("GET %s answers 301 to %s", async (from, to) => {
    const response = await request(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
  });

  it("keeps the query string", async () => {
    const response = await request("/Blog/?q=fund&category=personal-finance");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/blog?q=fund&category=personal-finance");
  });

  it("answers HEAD like GET and other methods with 308", async () => {
    expect((await request("/About", { method: "HEAD" })).status).toBe(301);
    const post = await request("/Contact", { method: "POST", body: "name=a" });
    expect(post.status).toBe(308);
    expect(post.headers.get("location")).toBe("/contact");
  });

  it("leaves canonical paths alone", async () => {
    for (const path of ["/", "/about", ARTICLE_PATH, "/rss.xml"]) {
      expect((await request(path)).status, path).toBe(200);
    }
  });

  it("keeps the exact case of static files and only collapses their slashes", async () => {
    const page = await (await request("/")).text();
    const asset = /\/assets\/[\w-]*[A-Z][\w-]*\.(?:js|css)/.exec(page)?.[0];
    expect(asset, "a fingerprinted asset with a capital letter").toBeDefined();
    expect((await request(asset!)).status).toBe(200);
    const doubled = await request(asset!.replace("/assets/", "//assets//"));
    expect(doubled.status).toBe(301);
    expect(doubled.headers.get("location")).toBe(asset);
    expect((await request(asset!.toLowerCase())).status).toBe(404);
  });

  it("answers a missing file with a plain 404, never a page", async () => {
    const response = await request("/assets/no-such-file.js");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(await response.text()).not.toContain("Page Not Found");
  });
});

describe("flag gates under every spelling", () => {
  afterEach(() => putRawFlags(null));

  it.each(GATED)("$path answers 404 when $flag is off and 200 when on", async ({ flag, path, page }) => {
    await putFlags({ [flag]: false });
    const off = await request(path);
    expect(off.status).toBe(404);
    expect(await off.text()).toContain("Page Not Found");
    if (page) expect((await request(`${path}.data`)).status).toBe(404);
    await putFlags({ [flag]: true });
    expect((await request(path)).status).toBe(200);
    if (page) expect((await request(`${path}.data`)).status).toBe(200);
  });

  it(`no spelling of a gated path opens it while its flag is off (${RUNS} runs)`, async () => {
    await putFlags(Object.fromEntries(FLAG_NAMES.filter((name) => name !== "holdingPage").map((n) => [n, false])));
    const arbitrary = fc.constantFrom(...GATED).chain((gated) => spellingOf(gated.path).map((url) => ({ gated, url })));
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ gated, url }) => {
        const { response, hops } = await follow(url);
        expect(response.status, `${url} via ${hops.join(" → ")}`).toBe(404);
        for (const hop of hops) expect(hop.replace(/\.data$/, "")).toBe(gated.path);
        await response.arrayBuffer();
      }),
      { numRuns: RUNS },
    );
  });
});
