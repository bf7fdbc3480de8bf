/** The route table, built from the page registry (rules 2.9, 2.11); no route is listed here by hand. */
import { type RouteConfig, type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";
import { SITE_PAGES, type SitePage } from "../core/page-registry";

function toRoute(page: SitePage): RouteConfigEntry {
  return page.pattern === "" ? index(page.file) : route(page.pattern, page.file);
}

export default [
  ...SITE_PAGES.filter((page) => page.layout === "bare").map(toRoute),
  layout("routes/shell.tsx", SITE_PAGES.filter((page) => page.layout === "shell").map(toRoute)),
] satisfies RouteConfig;
