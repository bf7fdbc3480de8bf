/**
 * The folder borders (ARCHITECTURE.md, "Where each concern lives") hold on
 * resolved paths: ESLint, with the project's own configuration, refuses each
 * forbidden import below (static, through the `~/` alias, re-exported or
 * dynamic) and lets the allowed ones through.
 */
import { ESLint } from "eslint";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./wrangler.ts";

const RULE = "import-x/no-restricted-paths";

// Only the borders: the cycle rule would walk the whole import graph again for every probe.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: { rules: { "import-x/no-cycle": "off" } } });

/** The boundary problems ESLint reports for `code` as if it were the file `file`. */
async function listBorderProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const FORBIDDEN: Array<[file: string, code: string]> = [
  ["core/probe.ts", 'import { buildMeta } from "../app/lib/meta";\nexport const x = buildMeta;'],
  ["core/probe.ts", 'import { buildMeta } from "~/lib/meta";\nexport const x = buildMeta;'],
  ["core/probe.ts", 'export const load = () => import("../server/config.server");'],
  ["core/probe.ts", 'export { ROOT } from "../scripts/wrangler";'],
  ["worker/probe.ts", 'import { buildMeta } from "~/lib/meta";\nexport const x = buildMeta;'],
  ["worker/probe.ts", 'export { buildMeta } from "../app/lib/meta";'],
  ["worker/probe.ts", 'export const load = () => import("~/lib/meta");'],
  ["content/probe.ts", 'import { CART_STORAGE_KEY } from "../core/cart-storage";\nexport const x = CART_STORAGE_KEY;'],
  ["content/probe.ts", 'export const load = () => import("../app/lib/meta");'],
  ["app/lib/probe.ts", 'import { readFlags } from "../../worker/flags";\nexport const x = readFlags;'],
  ["app/components/probe.tsx", 'export { readContentStore } from "../../server/content.server";'],
  ["server/probe.server.ts", 'import { buildMeta } from "../app/lib/meta";\nexport const x = buildMeta;'],
  ["server/probe.server.ts", 'export { pageCache } from "../worker/page-cache";'],
  ["content/probe.ts", 'export { readServerConfig } from "../server/env.server";'],
  ["app/components/probe.tsx", 'export { gateClosedPages } from "../lib/page-gate.server";'],
  ["app/lib/probe.ts", 'export const load = () => import("~/lib/articles.server");'],
];

const ALLOWED: Array<[file: string, code: string]> = [
  ["core/probe.ts", 'import { products } from "../content/products";\nexport const x = products;'],
  ["worker/probe.ts", 'import { SITE_PAGES } from "../core/page-registry";\nexport const x = SITE_PAGES;'],
  ["app/routes/probe.tsx", 'export { gateClosedPages } from "../lib/page-gate.server";'],
  ["app/lib/probe.server.ts", 'export const load = () => import("~/lib/articles.server");'],
  ["app/routes/probe.tsx", 'export { readContentStore } from "../../server/content.server";'],
  ["worker/probe.ts", 'export { readServerConfig } from "../server/env.server";'],
  ["server/probe.server.ts", 'export { SITE_PAGES } from "../core/page-registry";'],
];

// The first case pays ESLint's start-up with the TypeScript resolver: seconds on a busy machine.
describe("folder borders on resolved paths", () => {
  it.each(FORBIDDEN)("%s refuses %s", async (file, code) => {
    expect(await listBorderProblems(file, code)).toHaveLength(1);
  });

  it.each(ALLOWED)("%s allows %s", async (file, code) => {
    expect(await listBorderProblems(file, code)).toEqual([]);
  });
});
