/**
 * What the frame of a page needs when the root's and the shell's loaders did
 * not run: a page whose flag is off is closed by the root middleware before
 * any loader (rule 1.5), and its 404 carries the flags, the year and the
 * navigation itself. `useFlags`, `useSiteNav` and the frame read this first
 * when it is there.
 */
import { createContext, useContext } from "react";
import type { Flags } from "../../core/flags";
import type { SiteNav } from "../../core/site-map";

export type { SiteNav } from "../../core/site-map";

/** The frame's data carried by a closed page's 404 (`{ closedPage: true, ... }`). */
export interface ShellFallback {
  closedPage: true;
  flags: Flags;
  year: number;
  nav: SiteNav;
}

/** Whether a route error's data is a closed page's 404 data. */
export function isShellFallback(value: unknown): value is ShellFallback {
  return typeof value === "object" && value !== null && (value as { closedPage?: unknown }).closedPage === true;
}

/** Provided by the root's error screen around the frame of a closed page. */
export const ShellFallbackContext = createContext<ShellFallback | null>(null);

/** The closed page's frame data, or `null` on every other render. */
export function useShellFallback(): ShellFallback | null {
  return useContext(ShellFallbackContext);
}
