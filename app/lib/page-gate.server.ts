/**
 * The gate of every page (rule 1.5), as root middleware, so route modules never name their flag.
 * React Router renders a middleware error with no loader data, so the 404 carries the frame's data.
 */
import { type MiddlewareFunction, data } from "react-router";
import { getEdgeContext } from "../../core/edge-context";
import { buildSiteNav, findSitePage } from "../../core/page-registry";
import type { ShellFallback } from "./frame-data";

/** @throws the 404 response (`data(ShellFallback, 404)`, plain text for a feed) for a page whose flag is off. */
export const gateClosedPages: MiddlewareFunction<Response> = ({ url, context }) => {
  const { flags } = getEdgeContext(context);
  const { flag, layout } = findSitePage(url.pathname);
  if (flag === null || flags[flag]) return;
  // A feed is a resource route: React Router would send the frame's data as its body.
  if (layout === "bare")
    throw new Response("Page Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const fallback: ShellFallback = {
    closedPage: true,
    flags,
    year: new Date().getUTCFullYear(),
    nav: buildSiteNav(flags),
  };
  throw data(fallback, { status: 404, statusText: "Not Found" });
};
