/** Static files through the `ASSETS` binding, since the worker runs first for every path (rule 1.4). */
import type { Context, MiddlewareHandler } from "hono";
import type { ContentCatalogue } from "../content/content-store.server";
import { isContentPath } from "../content/content-files";
import { parseGeneratedImageUrl } from "../content/image-variants";
import { readPublishMs } from "../content/publication";
import type { WorkerEnv } from "./types";
import { readContentStore } from "../server/content.server";
import { setCachePolicy } from "./response-policy";

const imageMoments = new WeakMap<ContentCatalogue, Map<string, number>>();

/**
 * The earliest moment (ms) each article image of `catalogue` may be served: `articles/{name}` (a cover and its
 * sizes) and `share/{slug}` (the link preview), by the first of the articles that show it to come out (rule 3.1).
 */
function readImageMoments(catalogue: ContentCatalogue): Map<string, number> {
  let moments = imageMoments.get(catalogue);
  if (moments) return moments;
  moments = new Map<string, number>();
  for (const article of catalogue.articles) {
    const moment = readPublishMs(article.publishedAt);
    const cover = parseGeneratedImageUrl(article.image);
    for (const key of [cover?.group === "articles" && `articles/${cover.name}`, `share/${article.slug}`]) {
      if (key) moments.set(key, Math.min(moment, moments.get(key) ?? Infinity));
    }
  }
  imageMoments.set(catalogue, moments);
  return moments;
}

/**
 * Whether `pathname` is a cover or link preview of articles in `catalogue` none of which is out at `nowMs` (ms):
 * such a file answers 404 until the first of them comes out, as its pages do (rule 3.1). The dev server's preview
 * shows all.
 */
export function isUnpublishedArticleImage(catalogue: ContentCatalogue, pathname: string, nowMs: number): boolean {
  const match = /^\/images\/(articles|share)\/([a-z0-9-]+)\.(?:webp|avif|jpg)$/.exec(pathname);
  if (!match || catalogue.preview) return false;
  const moments = readImageMoments(catalogue);
  const file = `${match[1]}/${match[2]}`;
  // A size's file ends in its width (`name-400`); a name may end in digits of its own, so the whole name wins.
  const moment = moments.get(file) ?? moments.get(file.replace(/-\d+$/, ""));
  return moment !== undefined && moment > nowMs;
}

/** Whether the static file at `pathname` is one a visitor may not have now: content files, and unpublished images. */
async function isHiddenFile(c: Context<WorkerEnv>, pathname: string, nowMs: number): Promise<boolean> {
  // The worker reads the content files itself; from outside they would show drafts' and scheduled articles' bodies.
  if (isContentPath(pathname)) return true;
  if (!pathname.startsWith("/images/")) return false;
  const catalogue = await readContentStore(c.var.config).readCatalogue();
  return isUnpublishedArticleImage(catalogue, pathname, nowMs);
}

/** The file with mutable headers, or a plain 404 that never falls through to a page. */
export async function serveStaticFile(c: Context<WorkerEnv>): Promise<Response> {
  const assets = c.var.config.bindings.assets;
  const hidden = await isHiddenFile(c, c.req.path, Date.now());
  const found = assets && !hidden ? await assets.fetch(c.req.raw) : new Response(null, { status: 404 });
  if (found.status === 404) {
    await found.body?.cancel();
    setCachePolicy(c, "no-store");
    return c.text("Not Found", 404);
  }
  const response = new Response(found.body, found);
  if (c.req.path.startsWith("/assets/") && response.ok) {
    setCachePolicy(c, "immutable");
  }
  return response;
}

/** Paths only Vite's dev server answers: its client, module ids, files, pre-bundled packages, React Router's runtime. */
const DEV_SERVER_PATH = /^\/(?:@vite\/|@id\/|@fs\/|@react-router\/|node_modules\/\.vite\/)/;

/**
 * Under `npm run dev` only: hands Vite's own paths to the dev server (through `ASSETS`) before any page rule sees
 * them, so its client loads and hot reload works. A build never mounts it.
 */
export function serveDevServerPaths(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const assets = (c.env as { ASSETS?: Fetcher }).ASSETS;
    if (!assets || !DEV_SERVER_PATH.test(new URL(c.req.url).pathname)) return next();
    return assets.fetch(c.req.raw);
  };
}
