/** Lists of article cards in the worker tests (rules 3.2, 3.7 and 3.9): what is published, and what a page holds. */
import articles from "virtual:vpf/articles";
import { afterEach, beforeEach, vi } from "vitest";
import { isPublished, readPublishMs } from "../../content/publication";

/**
 * Stands the worker's clock still at the moment the file loads, for the rest of the file, so the test and the worker
 * agree on what is out. Call at the top of a test file.
 */
export function standClockStill(): void {
  const placedAtMs = Date.now();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: placedAtMs });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** The bundled articles published now, newest first. */
export function listPublishedNewestFirst(): typeof articles {
  return articles
    .filter((article) => isPublished(article.publishedAt, Date.now()))
    .toSorted((a, b) => readPublishMs(b.publishedAt) - readPublishMs(a.publishedAt));
}

/** The article links a page's cards hold, in order. */
export function readCardSlugs(html: string): string[] {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return [...main.matchAll(/<h[23][^>]*><a [^>]*href="\/blog\/([^"]+)"/g)].map((match) => match[1] ?? "");
}

/** The address a page's head names as `rel` (`canonical`, `prev` or `next`), as a path, or `undefined`. */
export function readHeadLink(html: string, rel: "canonical" | "prev" | "next"): string | undefined {
  const head = html.slice(0, html.indexOf("</head>"));
  const href = new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(head)?.[1]?.replaceAll("&amp;", "&");
  return href === undefined ? undefined : href.replace(/^https:\/\/[^/]+/, "");
}
