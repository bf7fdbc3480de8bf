/** Ending a request from a loader with the 404 page (rule 2.2), drawn by the shell's ErrorBoundary. */
import { data } from "react-router";

/** Throws the 404 response. */
export function throwNotFound(): never {
  throw data("Not Found", { status: 404, statusText: "Not Found" });
}
