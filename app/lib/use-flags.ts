/**
 * Hooks reading the root loader's data: the flags in force (on a closed
 * page's 404, the flags it carries; defaults if neither is there, e.g. on the
 * last-resort error screen) and the origin.
 */
import { DEFAULT_FLAGS, type Flags } from "../../core/flags";
import { useShellFallback } from "./shell-fallback";
import { useRootData } from "./root-data";

/** Current flags. */
export function useFlags(): Flags {
  const fallback = useShellFallback();
  return useRootData()?.flags ?? fallback?.flags ?? DEFAULT_FLAGS;
}

/** The site's origin (`https://example.com`) for absolute URLs, or `""`. */
export function useOrigin(): string {
  return useRootData()?.origin ?? "";
}
