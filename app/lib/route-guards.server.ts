/**
 * Loader helpers that end a request with the 404 page (rule 2.2:
 * HTTP status 404). The thrown response is rendered by the shell's
 * ErrorBoundary as 'Page Not Found', for documents and `.data` requests alike.
 */
import { type RouterContextProvider, data } from "react-router";
import { getEdgeContext } from "./context";

/** Throws the 404 response. */
export function throwNotFound(): never {
  throw data("Not Found", { status: 404, statusText: "Not Found" });
}

/**
 * Throws the 404 response when the worker's feature gate closed this path
 * (its flag is off). Call first in every gated route's loader.
 */
export function requireOpenGate(context: Readonly<RouterContextProvider>): void {
  if (getEdgeContext(context).blockedBy !== null) throwNotFound();
}
