/** A built file under a content-hashed name (cached for good, rule 8.3), its URL a virtual module both sides import. */
import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/** A made file: where it is served (no leading slash) and its bytes. */
export interface EmittedAsset {
  fileName: string;
  bytes: Uint8Array;
}

/** `assets/{base}-{hash}.{ext}`: 8 characters of the SHA-256 in base64url, `-` and `_` written as `x`. */
export function nameAsset(base: string, ext: string, bytes: Uint8Array): string {
  const hash = createHash("sha256").update(bytes).digest("base64url").slice(0, 8).replace(/[-_]/g, "x");
  return `assets/${base}-${hash}.${ext}`;
}

/** The Vite plugin for one made file; `make` runs once per build and a rejection fails the build. */
export function emittedAssetPlugin(options: {
  name: string;
  virtualId: string;
  contentType: string;
  make: () => Promise<EmittedAsset>;
}): Plugin {
  const resolvedId = `\0${options.virtualId}`;
  let pending: Promise<EmittedAsset> | undefined;
  const make = () => (pending ??= options.make());
  return {
    name: options.name,
    resolveId(id) {
      return id === options.virtualId ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const { fileName } = await make();
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const { fileName, bytes } = await make();
      this.emitFile({ type: "asset", fileName, source: bytes });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        make().then(({ fileName, bytes }) => {
          if ((request.url ?? "").split("?")[0] !== `/${fileName}`) return next();
          response.setHeader("Content-Type", options.contentType);
          response.end(bytes);
        }, next);
      });
    },
  };
}
