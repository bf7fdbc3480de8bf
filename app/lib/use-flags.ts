/**
 * The flags in force for this page, from the root loader (defaults if the
 * root data is missing, e.g. on the last-resort error screen).
 */
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root";
import { DEFAULT_FLAGS, type Flags } from "./flag-defaults";

/** Current flags. */
export function useFlags(): Flags {
  return useRouteLoaderData<typeof rootLoader>("root")?.flags ?? DEFAULT_FLAGS;
}
