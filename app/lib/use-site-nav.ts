/**
 * `useSiteNav()`: the links the shell's loader read from the site map for
 * this request (header, footer Content and Legal, the 404 page's popular
 * links) and whether /newsletter is open (docs/product-rules.md rules 2.2,
 * 2.6, 2.7). Empty lists if the shell's data is missing (an error above it).
 */
import { useRouteLoaderData } from "react-router";
import type { SiteLink } from "../../core/site-map";

/** What the shell's loader answers under `nav`. */
export interface SiteNav {
  header: SiteLink[];
  footerContent: SiteLink[];
  footerLegal: SiteLink[];
  popular: SiteLink[];
  newsletter: boolean;
}

const NO_NAV: SiteNav = { header: [], footerContent: [], footerLegal: [], popular: [], newsletter: false };

/** The navigation of the current page. */
export function useSiteNav(): SiteNav {
  const data = useRouteLoaderData("routes/shell") as { nav?: SiteNav } | undefined;
  return data?.nav ?? NO_NAV;
}
