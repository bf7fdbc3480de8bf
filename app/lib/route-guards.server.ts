/**
 * Loader helpers that end a request with the 404 page (rule 2.2: HTTP status
 * 404). The thrown response is rendered by the shell's ErrorBoundary as
 * 'Page Not Found', for documents and `.data` requests alike.
 */
import { type RouterContextProvider, data } from "react-router";
import { getEdgeContext } from "../../core/edge-context";
import type { FlagName } from "../../core/flags";

/** Throws the 404 response. */
export function throwNotFound(): never {
  throw data("Not Found", { status: 404, statusText: "Not Found" });
}

/**
 * Throws the 404 response when `flag` is off (rule 1.5). Call first in the
 * loader (and action) of every page the site map gates; the site map's
 * entry for the page must name the same flag, which the worker tests check
 * for every gated path.
 */
export function requireFlag(context: Readonly<RouterContextProvider>, flag: FlagName): void {
  if (!getEdgeContext(context).flags[flag]) throwNotFound();
}
