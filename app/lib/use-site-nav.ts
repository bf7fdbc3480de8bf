/**
 * `useSiteNav()`: the links the shell's loader read from the page registry
 * for this request (header, footer Content and Legal, the 404 page's popular
 * links) and whether /newsletter is open (docs/product-rules.md rules 2.2,
 * 2.6, 2.7); on a closed page's 404, the same links carried by the error.
 * Empty lists if neither is there (an error above the shell).
 */
import { useRouteLoaderData } from "react-router";
import { type SiteNav, useShellFallback } from "./shell-fallback";

export type { SiteNav } from "./shell-fallback";

const NO_NAV: SiteNav = {
  header: [],
  footerContent: [],
  footerLegal: [],
  popular: [],
  newsletter: false,
  store: false,
};

/** The navigation of the current page. */
export function useSiteNav(): SiteNav {
  const data = useRouteLoaderData("routes/shell") as { nav?: SiteNav } | undefined;
  const fallback = useShellFallback();
  return data?.nav ?? fallback?.nav ?? NO_NAV;
}
