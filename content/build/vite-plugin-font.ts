/**
 * Build step for the brand typeface (rule 10.3): Inter's Latin variable font
 * from `@fontsource-variable/inter` (48 kB), cut with `subset-font` (HarfBuzz's
 * subsetter) to the characters and weights of `content/font-subset.ts`, about
 * 29 kB. On a phone's first visit the font downloads beside the HTML and the
 * largest image, so every kilobyte left out reaches the largest paint sooner.
 *
 * `virtual:vpf/font` exports the file's URL, `/assets/inter-latin-{hash}.woff2`
 * (a hash of its bytes, so it can be cached for good); the client build emits
 * the file and `react-router dev` serves it from memory. The subset is the
 * same in every environment, so the worker and the browser agree on the URL.
 *
 * @throws Error when the source font cannot be read or cut (the build fails).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import type { Plugin } from "vite";
import { FONT_WEIGHT_RANGE, listSubsetCharacters } from "../font-subset.ts";

const VIRTUAL_ID = "virtual:vpf/font";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const SOURCE_FONT = "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

/** The cut font: where it is served (no leading slash) and its bytes. */
interface FontFile {
  fileName: string;
  bytes: Uint8Array;
}

/** Cuts the source font to the kept characters and weights. */
export async function buildFontSubset(root: string): Promise<FontFile> {
  const source = readFileSync(createRequire(`${root}/package.json`).resolve(SOURCE_FONT));
  const bytes = new Uint8Array(
    await subsetFont(source, listSubsetCharacters(), {
      targetFormat: "woff2",
      variationAxes: { wght: { ...FONT_WEIGHT_RANGE } },
    }),
  );
  const hash = createHash("sha256").update(bytes).digest("base64url").slice(0, 8).replace(/[-_]/g, "x");
  return { fileName: `assets/inter-latin-${hash}.woff2`, bytes };
}

/** Creates the plugin; `root` is the repository root. */
export function fontPlugin(root: string): Plugin {
  let pending: Promise<FontFile> | undefined;
  const build = () => (pending ??= buildFontSubset(root));
  return {
    name: "vpf-font",
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { fileName } = await build();
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const { fileName, bytes } = await build();
      this.emitFile({ type: "asset", fileName, source: bytes });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        build().then(({ fileName, bytes }) => {
          if ((request.url ?? "").split("?")[0] !== `/${fileName}`) return next();
          response.setHeader("Content-Type", "font/woff2");
          response.end(bytes);
        }, next);
      });
    },
  };
}
