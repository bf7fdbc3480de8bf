/**
 * The gate of every page (rule 1.5), as React Router middleware on the root
 * route: before any loader or action runs, the page the request matched is
 * looked up in the page registry (`core/page-registry.ts`); when its flag is off
 * the request ends with the 404 page and status 404, for documents and
 * `.data` requests alike. Route modules never name their flag.
 *
 * React Router shows an error thrown before the loaders at the root, with no
 * loader data, so the 404 carries what the frame needs (flags, year,
 * navigation) and the root's error screen draws the usual 404 page inside
 * it (`app/lib/frame-data.ts`).
 */
import { type MiddlewareFunction, data } from "react-router";
import { getEdgeContext } from "../../core/edge-context";
import { buildSiteNav, findSitePage } from "../../core/page-registry";
import type { ShellFallback } from "./frame-data";

/**
 * Root middleware closing pages whose flag is off.
 *
 * @throws the 404 response (`data(ShellFallback, 404)`) for a closed page.
 */
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
