import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSitemapDocument } from "./feeds.server";

const ORIGIN = "https://vpf.test";

/** The `<loc>` addresses of a sitemap or sitemap index, in order. */
function readLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
}

describe("buildSitemapDocument", () => {
  it("is one sitemap up to the limit, else an index whose parts hold every entry once, in order", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 12 }), (count, limit) => {
        const entries = Array.from({ length: count }, (_, index) => ({ path: `/blog/entry-${index}` }));
        const expected = entries.map((entry) => `${ORIGIN}${entry.path}`);
        const whole = buildSitemapDocument(ORIGIN, entries, null, limit)!;
        if (count <= limit) {
          expect(whole).toContain("<urlset");
          expect(readLocs(whole)).toEqual(expected);
          expect(buildSitemapDocument(ORIGIN, entries, 1, limit), "a sitemap of one file has no parts").toBeUndefined();
          return;
        }
        expect(whole).toContain("<sitemapindex");
        const parts = readLocs(whole);
        expect(parts).toHaveLength(Math.ceil(count / limit));
        const found = parts.flatMap((address, index) => {
          expect(address).toBe(`${ORIGIN}/sitemap.xml?page=${index + 1}`);
          const part = buildSitemapDocument(ORIGIN, entries, index + 1, limit)!;
          expect(readLocs(part).length).toBeLessThanOrEqual(limit);
          return readLocs(part);
        });
        expect(found).toEqual(expected);
        expect(buildSitemapDocument(ORIGIN, entries, parts.length + 1, limit)).toBeUndefined();
      }),
    );
  });
});
