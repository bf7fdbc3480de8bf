/**
 * Page titles name the brand once (docs/product-rules.md rule 3.6): every page the sitemap lists, one page of every
 * other route (search, an issue, the confirmation and unsubscribe pages, the order page, the holding page, a missing
 * product and the 404 page), in the `<title>` and in the Open Graph and Twitter titles.
 */
import { describe, expect, it } from "vitest";
import { SITE_NAME } from "../../content/site";
import { SITE_PAGES, readPagePathOf, readRoutePattern } from "../../core/page-registry";
import { countBrandMentions } from "../../app/lib/meta";
import { ISSUE_PATH } from "./content-items";
import { request } from "./helpers";

/** Pages no sitemap lists, one per route. */
const UNLISTED_PATHS = [
  "/search?q=money",
  ISSUE_PATH,
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/cart",
  "/success",
  "/please-hold",
  "/product/no-such-product",
  "/no-such-page",
];

/** Every title a page's head gives: the document's, Open Graph's and Twitter's. */
function readTitles(html: string): string[] {
  const head = html.slice(0, html.indexOf("</head>"));
  const document = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]!);
  const cards = [...head.matchAll(/<meta (?:property="og:title"|name="twitter:title") content="([^"]*)"/g)].map(
    (match) => match[1]!,
  );
  return [...document, ...cards];
}

describe("page titles", () => {
  it("name the brand exactly once on every route's pages", async () => {
    const sitemap = await (await request("/sitemap.xml")).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    const paths = [...listed, ...UNLISTED_PATHS];
    const covered = new Set(paths.map((path) => readRoutePattern(new URL(path, "https://x.test").pathname)));
    const pageRoutes = SITE_PAGES.filter((page) => !/\.[a-z]+$/.test(page.pattern)).map(readPagePathOf);
    expect(pageRoutes.filter((route) => !covered.has(route))).toEqual([]);

    const repeated: string[] = [];
    for (const path of paths) {
      const response = await request(path);
      const titles = readTitles(await response.text());
      expect(titles.length, path).toBeGreaterThan(0);
      for (const title of titles) {
        if (countBrandMentions(title.replaceAll("&amp;", "&")) !== 1) repeated.push(`${path}: ${title}`);
      }
    }
    expect(repeated, `titles not naming ${SITE_NAME} exactly once`).toEqual([]);
  });
});
