/** Reading lists of article cards out of a page's HTML, for the worker tests of lists (rules 3.2, 3.7 and 3.9). */

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
