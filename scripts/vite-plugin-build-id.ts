/**
 * The build id that keys the page cache: a hash of the worker bundle, which embeds every hashed asset name, so a
 * deploy that changes nothing keeps every data centre's cached pages.
 */
import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/** What `__BUILD_ID__` holds until the worker bundle is hashed; as long as the id, so source maps stay aligned. */
export const BUILD_ID_PLACEHOLDER = "vpf-build-id-tbd";

const BUILD_ID_LENGTH = BUILD_ID_PLACEHOLDER.length;

/** The part of a Rollup-style output bundle this plugin reads and writes. */
type OutputBundle = Record<string, { type: "chunk"; fileName: string; code: string } | { type: "asset" }>;

/** Hashes every chunk of `bundle`, writes the id (SHA-256 hex, placeholder-long) over each placeholder; returns it. */
export function stampBuildId(bundle: OutputBundle): string {
  const chunks = Object.values(bundle)
    .filter((output) => output.type === "chunk")
    .sort((a, b) => (a.fileName < b.fileName ? -1 : 1));
  const hash = createHash("sha256");
  for (const chunk of chunks) hash.update(chunk.fileName).update("\0").update(chunk.code).update("\0");
  const id = hash.digest("hex").slice(0, BUILD_ID_LENGTH);
  for (const chunk of chunks) chunk.code = chunk.code.replaceAll(BUILD_ID_PLACEHOLDER, id);
  return id;
}

/** Vite plugin: stamps the worker bundle (the `ssr` environment) with its own hash. */
export function buildIdPlugin(): Plugin {
  return {
    name: "vpf-build-id",
    applyToEnvironment: (environment) => environment.name === "ssr",
    generateBundle(_options, bundle) {
      stampBuildId(bundle as unknown as OutputBundle);
    },
  };
}
