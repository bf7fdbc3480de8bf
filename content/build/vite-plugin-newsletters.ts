/** `virtual:vpf/newsletters`, imported only by `*.server.ts` modules and the worker: no issue body reaches a client. */
import path from "node:path";
import type { Plugin } from "vite";
import { createContentHotUpdate } from "./content-hot-update.ts";
import { compileNewsletters } from "./compile-newsletters.ts";

const VIRTUAL_ID = "virtual:vpf/newsletters";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** Creates the plugin; `root` is the repository root. */
export function newslettersPlugin(root: string): Plugin {
  const newslettersDir = path.join(root, "content", "newsletters");
  return {
    name: "vpf-newsletters",
    buildStart() {
      // A bad issue fails the build at its start, like a bad article.
      compileNewsletters(newslettersDir);
    },
    hotUpdate: createContentHotUpdate(newslettersDir, RESOLVED_ID),
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(newslettersDir);
      return `export default ${JSON.stringify(compileNewsletters(newslettersDir))};`;
    },
  };
}
