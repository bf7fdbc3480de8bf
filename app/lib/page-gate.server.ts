/**
 * The gate of every page (rule 1.5), as root middleware, so route modules never name their flag.
 * React Router renders a middleware error with no loader data, so the 404 carries the frame's data.
 */
import { type MiddlewareFunction, data } from "react-router";
import { getEdgeContext } from "../../core/edge-context";
import { buildSiteNav, findSitePage } from "../../core/page-registry";
import type { ShellFallback } from "./frame-data";

/** @throws the 404 response (`data(ShellFallback, 404)`) for a page whose flag is off. */
export const gateClosedPages: MiddlewareFunction<Response> = ({ url, context }) => {
  const { flags } = getEdgeContext(context);
  const { flag } = findSitePage(url.pathname);
  if (flag === null || flags[flag]) return;
  const fallback: ShellFallback = {
    closedPage: true,
    flags,
    year: new Date().getUTCFullYear(),
    nav: buildSiteNav(flags),
  };
  throw data(fallback, { status: 404, statusText: "Not Found" });
};
