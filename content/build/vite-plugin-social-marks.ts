/** `virtual:vpf/social-marks`: the footer's marks (rule 2.7) as a sprite, saving each page 760 B gzip (rule 10.3). */
import { type SimpleIcon, siGithub, siX, siYoutube } from "simple-icons";
import type { Plugin } from "vite";
import type { SOCIAL_LINKS } from "../site.ts";
import { type EmittedAsset, emittedAssetPlugin, nameAsset } from "./emitted-asset.ts";

/** Social link kinds drawn with a brand's mark; e-mail keeps a plain envelope. */
export type MarkedSocialKind = Exclude<(typeof SOCIAL_LINKS)[number]["kind"], "email">;

/** The mark of each kind; the `Record` makes a new kind without a mark a type error. */
const MARKS: Record<MarkedSocialKind, SimpleIcon> = { video: siYoutube, microblog: siX, code: siGithub };

/** The sprite: a `<symbol>` per kind (24×24, no fill: it takes the text colour); throws on unexpected path data. */
export function buildSocialMarks(): Promise<EmittedAsset> {
  const symbols = Object.entries(MARKS).map(([kind, icon]) => {
    if (!/^[\d\s.,a-zA-Z-]+$/.test(icon.path)) throw new Error(`social mark ${kind}: unexpected path data`);
    return `<symbol id="${kind}" viewBox="0 0 24 24"><path d="${icon.path}"/></symbol>`;
  });
  const bytes = new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`);
  return Promise.resolve({ fileName: nameAsset("social-marks", "svg", bytes), bytes });
}

/** Creates the plugin. */
export function socialMarksPlugin(): Plugin {
  return emittedAssetPlugin({
    name: "vpf-social-marks",
    virtualId: "virtual:vpf/social-marks",
    contentType: "image/svg+xml",
    make: buildSocialMarks,
  });
}
