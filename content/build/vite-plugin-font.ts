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
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import type { Plugin } from "vite";
import { FONT_WEIGHT_RANGE, listSubsetCharacters } from "../font-subset.ts";
import { type EmittedAsset, emittedAssetPlugin, nameAsset } from "./emitted-asset.ts";

const SOURCE_FONT = "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

/** Cuts the source font to the kept characters and weights. */
export async function buildFontSubset(root: string): Promise<EmittedAsset> {
  const source = readFileSync(createRequire(`${root}/package.json`).resolve(SOURCE_FONT));
  const bytes = new Uint8Array(
    await subsetFont(source, listSubsetCharacters(), {
      targetFormat: "woff2",
      variationAxes: { wght: { ...FONT_WEIGHT_RANGE } },
    }),
  );
  return { fileName: nameAsset("inter-latin", "woff2", bytes), bytes };
}

/** Creates the plugin; `root` is the repository root. */
export function fontPlugin(root: string): Plugin {
  return emittedAssetPlugin({
    name: "vpf-font",
    virtualId: "virtual:vpf/font",
    contentType: "font/woff2",
    make: () => buildFontSubset(root),
  });
}
