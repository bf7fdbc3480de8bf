/**
 * The Vite plugin of the tests' build (`VPF_TEST_CATALOGUE=1`): every import of `content/products.ts`, in any
 * spelling, resolves to `tests/support/test-catalogue.ts` (the owner's products and the tests' own), except the
 * import inside that module itself. The server build also gets `test-catalogue.json`, the mark by which
 * `scripts/ensure-build.ts` tells this build from the owner's.
 */
import path from "node:path";
import type { Plugin } from "vite";
import { TEST_PRODUCTS } from "./test-catalogue.ts";

/** Whether this process builds or tests with the tests' catalogue. */
export function readTestCatalogueMode(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.VPF_TEST_CATALOGUE === "1";
}

/** The mark's file name in `build/server/`. */
export const TEST_CATALOGUE_MARK = "test-catalogue.json";

/** Creates the plugin; `root` is the repository root. */
export function testCataloguePlugin(root: string): Plugin {
  const owner = path.join(root, "content", "products.ts");
  const joined = path.join(root, "tests", "support", "test-catalogue.ts");
  return {
    name: "vpf-test-catalogue",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !/\/products(\.ts)?$/.test(source) || importer.split("?")[0] === joined) return;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.id.split("?")[0] === owner) return joined;
    },
    generateBundle() {
      if (this.environment.name !== "ssr") return;
      this.emitFile({
        type: "asset",
        fileName: TEST_CATALOGUE_MARK,
        source: JSON.stringify(TEST_PRODUCTS.map((product) => product.id)),
      });
    },
  };
}
