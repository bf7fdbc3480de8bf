/** The worker's content store (decision 021), over the `ASSETS` binding. */
import { type ContentCatalogue, type ContentStore, openContentStore } from "../content/content-store.server";
import { readPublishMs } from "../content/publication";
import type { Config } from "./config";

/**
 * The content store of this deployment.
 * @throws Error when the worker has no `ASSETS` binding: `wrangler.toml` names it, so only a broken setup lacks it.
 */
export function readContentStore(config: Config): ContentStore {
  const assets = config.bindings.assets;
  if (!assets) throw new Error("the ASSETS binding is missing: the content files are read through it");
  return openContentStore(assets);
}

const articleMoments = new WeakMap<ContentCatalogue, number[]>();

/** When each article of `catalogue` comes out (ms since the epoch), worked out once per catalogue. */
export function readArticleMoments(catalogue: ContentCatalogue): readonly number[] {
  let moments = articleMoments.get(catalogue);
  if (!moments) {
    moments = catalogue.articles.map((article) => readPublishMs(article.publishedAt));
    articleMoments.set(catalogue, moments);
  }
  return moments;
}
