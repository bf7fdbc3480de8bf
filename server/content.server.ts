/** The worker's content store (decision 021), over the `ASSETS` binding. */
import { type ContentCatalogue, type ContentStore, openContentStore } from "../content/content-store.server";
import { readPublishMs } from "../content/publication";
import type { Config } from "./config.server";
import { readServerConfig } from "./env.server";

/**
 * The content store of this deployment; `config` defaults to the running request's (`readServerConfig`).
 * @throws Error when the worker has no `ASSETS` binding: `wrangler.toml` names it, so only a broken setup lacks it.
 */
export function readContentStore(config: Config = readServerConfig()): ContentStore {
  const assets = config.bindings.assets;
  if (!assets) throw new Error("the ASSETS binding is missing: the content files are read through it");
  return openContentStore(assets);
}

const publicationMoments = new WeakMap<ContentCatalogue, number[]>();

/**
 * When each article and newsletter issue of `catalogue` comes out (ms since the epoch), worked out once per
 * catalogue: a scheduled one changes the page cache key's count at its moment.
 */
export function readPublicationMoments(catalogue: ContentCatalogue): readonly number[] {
  let moments = publicationMoments.get(catalogue);
  if (!moments) {
    moments = [
      ...catalogue.articles.map((article) => readPublishMs(article.publishedAt)),
      ...catalogue.issues.map((issue) => readPublishMs(issue.sendAt)),
    ];
    publicationMoments.set(catalogue, moments);
  }
  return moments;
}
