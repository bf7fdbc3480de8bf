/**
 * Hooks reading the root loader's data: the flags in force (defaults if the
 * root data is missing, e.g. on the last-resort error screen) and the origin.
 */
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root";
import { DEFAULT_FLAGS, type Flags } from "../../core/flags";

/** Current flags. */
export function useFlags(): Flags {
  return useRouteLoaderData<typeof rootLoader>("root")?.flags ?? DEFAULT_FLAGS;
}

/** The site's origin (`https://example.com`) for absolute URLs, or `""`. */
export function useOrigin(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
}
