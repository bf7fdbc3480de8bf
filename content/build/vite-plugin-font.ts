/** `virtual:vpf/font`: Inter Latin cut from 48 to 29 kB, as a first visit fetches it beside the LCP (rule 10.3). */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import type { Plugin } from "vite";
import { FONT_WEIGHT_RANGE, listSubsetCharacters } from "../font-subset.ts";
import { type EmittedAsset, emittedAssetPlugin, nameAsset } from "./emitted-asset.ts";

const SOURCE_FONT = "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

/** Cuts the source font to the kept characters and weights; rejects when it cannot be read or cut. */
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
