/**
 * Ending a request with the 404 page from a loader (rule 2.2: HTTP status
 * 404): an unknown category, any unmatched path. The thrown response is
 * rendered by the shell's ErrorBoundary as 'Page Not Found', for documents
 * and `.data` requests alike. Closed pages are the page gate's
 * (`page-gate.server.ts`).
 */
import { data } from "react-router";

/** Throws the 404 response. */
export function throwNotFound(): never {
  throw data("Not Found", { status: 404, statusText: "Not Found" });
}
