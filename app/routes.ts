/**
 * The route table, built from the page registry (rules 2.9, 2.11); no site page is listed here by hand. A local build
 * adds the test pages of `app/test-routes/`, which the end-to-end tests visit; a build for a deployed environment
 * (`CLOUDFLARE_ENV`, `core/deploy-envs.ts`) leaves them out, so the deployed site has only the registry's pages.
 */
import { type RouteConfig, type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";
import { readDeployEnv } from "../core/deploy-envs";
import { SITE_PAGES, type SitePage } from "../core/page-registry";

function toRoute(page: SitePage): RouteConfigEntry {
  return page.pattern === "" ? index(page.file) : route(page.pattern, page.file);
}

// React Router reads this file in Node, at build time; the worker's types know no `process`.
const buildEnv = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;

/** The test pages: in the shell, under `/test/`, which the page registry answers as the 404 page's kind (no cache). */
const TEST_ROUTES: RouteConfigEntry[] =
  readDeployEnv(buildEnv?.CLOUDFLARE_ENV) === null ? [route("test/late-section", "test-routes/late-section.tsx")] : [];

export default [
  ...SITE_PAGES.filter((page) => page.layout === "bare").map(toRoute),
  layout("routes/shell.tsx", [...SITE_PAGES.filter((page) => page.layout === "shell").map(toRoute), ...TEST_ROUTES]),
] satisfies RouteConfig;
