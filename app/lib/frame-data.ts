/**
 * What the frame of every page reads, from the root and shell loaders. React Router runs no loader when
 * middleware throws, so a closed page's 404 (rule 1.5) carries this data itself (`ShellFallbackContext`).
 */
import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { AuthConfig } from "../../core/auth-config";
import { DEFAULT_FLAGS, type Flags } from "../../core/flags";
import type { PublicFormsConfig } from "../../core/form-contract";
import type { SiteNav } from "../../core/page-registry";

export type { SiteNav } from "../../core/page-registry";

/** What the root loader answers; `vitalsSampleRate` is the share of visits (0..1) that report (rule 8.5). */
export interface RootData {
  flags: Flags;
  year: number;
  origin: string;
  auth: AuthConfig;
  forms: PublicFormsConfig;
  vitalsSampleRate: number;
}

/** The frame's data carried by a closed page's 404 (`{ closedPage: true, ... }`). */
export interface ShellFallback {
  closedPage: true;
  flags: Flags;
  year: number;
  nav: SiteNav;
}

/** Everything the frame reads; `forms` is `null` and `auth` `null` when the root loader did not run. */
export interface FrameData {
  flags: Flags;
  year: number;
  /** `https://example.com`, or `""` when unknown. */
  origin: string;
  nav: SiteNav;
  forms: PublicFormsConfig | null;
  auth: AuthConfig;
  vitalsSampleRate: number;
}

const NO_NAV: SiteNav = {
  header: [],
  footerContent: [],
  footerLegal: [],
  popular: [],
  newsletter: false,
  store: false,
};

/** Whether a route error's data is a closed page's 404 data. */
export function isShellFallback(value: unknown): value is ShellFallback {
  return typeof value === "object" && value !== null && (value as { closedPage?: unknown }).closedPage === true;
}

/** Provided by the root's error screen around the frame of a closed page. */
export const ShellFallbackContext = createContext<ShellFallback | null>(null);

/** The frame's data for the current render. */
export function useFrameData(): FrameData {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const shell = useRouteLoaderData("routes/shell") as { nav?: SiteNav } | undefined;
  const fallback = useContext(ShellFallbackContext);
  return {
    flags: root?.flags ?? fallback?.flags ?? DEFAULT_FLAGS,
    year: root?.year ?? fallback?.year ?? new Date().getUTCFullYear(),
    origin: root?.origin ?? "",
    nav: shell?.nav ?? fallback?.nav ?? NO_NAV,
    forms: root?.forms ?? null,
    auth: root?.auth ?? null,
    vitalsSampleRate: root?.vitalsSampleRate ?? 0,
  };
}
