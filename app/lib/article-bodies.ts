/**
 * Article bodies for the server render, by slug. An article page's HTML
 * already carries its body, so the loader leaves it out of the hydration data
 * on a document request (bench/README.md, "What moved the figures"); the
 * loader leaves the body here instead and the server render reads it back.
 * Bodies are bundled, static content, so one entry per slug serves every
 * request; in the browser the map stays empty.
 */
const bodies = new Map<string, string>();

/** Keeps `html` (the article body, trusted build output) for the server render of `slug`. */
export function keepArticleBodyForRender(slug: string, html: string): void {
  bodies.set(slug, html);
}

/** The body kept for `slug`, or `undefined` (always in the browser). */
export function readArticleBodyForRender(slug: string): string | undefined {
  return bodies.get(slug);
}
