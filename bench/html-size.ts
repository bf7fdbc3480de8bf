/** Measurement 6, HTML size: each page's response on the wire, against one initial congestion window. */
import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import { BROWSER_UA, PAGES, fetchText, log, roundTo } from "./common.ts";

/** The five pages' sizes (bytes on the wire; the document alone in kB at gzip -9) and the sitemap's largest. */
export interface HtmlSize {
  pages: Array<{ page: string; gzipKb: number; wireBytes: number }>;
  sitemapPages: number;
  /** The largest sitemap page that is not an article. */
  largest: { path: string; wireBytes: number };
  /** The largest article (absent from reports made before articles had a budget of their own). */
  largestArticle?: { path: string; wireBytes: number };
}

/** Whether a path is an article's, which rule 10.3 allows two congestion windows. */
export function isArticlePath(pathname: string): boolean {
  return /^\/blog\/[^/]+$/.test(pathname);
}

/** Bytes of one HTML response on a plain socket, as a browser asking for gzip receives it, chunk framing included. */
function fetchWireBytes(base: string, pathname: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUser-Agent: ${BROWSER_UA}\r\n` +
          "Accept: text/html\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: close\r\n\r\n",
      );
    });
    socket.on("data", (chunk: Buffer) => (bytes += chunk.length));
    socket.on("end", () => resolve(bytes));
    socket.on("error", reject);
  });
}

/**
 * Each page's (and each sitemap page's) wire size as a page-cache hit, on the third request; the document alone
 * at gzip -9 from `htmlByPage` (HTML keyed by page name).
 */
export async function measureHtmlSize(base: string, htmlByPage: Record<string, string>): Promise<HtmlSize> {
  const sitemap = await fetchText(`${base}/sitemap.xml`);
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const wireBytesByPath = new Map<string, number>();
  for (const pathname of new Set([...PAGES.map((page) => page.path), ...paths])) {
    for (let i = 0; i < 2; i++) await fetchWireBytes(base, pathname);
    wireBytesByPath.set(pathname, await fetchWireBytes(base, pathname));
  }
  const pages = PAGES.map((page) => ({
    page: page.name,
    gzipKb: roundTo(gzipSync(Buffer.from(htmlByPage[page.name]!), { level: 9 }).length / 1000, 1),
    wireBytes: wireBytesByPath.get(page.path)!,
  }));
  let largest = { path: "", wireBytes: 0 };
  let largestArticle = { path: "", wireBytes: 0 };
  for (const pathname of paths) {
    const wireBytes = wireBytesByPath.get(pathname)!;
    if (isArticlePath(pathname)) {
      if (wireBytes > largestArticle.wireBytes) largestArticle = { path: pathname, wireBytes };
    } else if (wireBytes > largest.wireBytes) largest = { path: pathname, wireBytes };
  }
  log(
    `wire size: ${JSON.stringify(pages)}; largest of ${paths.length}: ${JSON.stringify({ largest, largestArticle })}`,
  );
  return { pages, sitemapPages: paths.length, largest, largestArticle };
}
