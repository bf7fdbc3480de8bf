/**
 * Page titles and descriptions (decisions.md "Search engines and readers").
 * Issue 3 adds canonical, Open Graph and Twitter tags here.
 */
import type { MetaDescriptor } from "react-router";
import { SITE_DESCRIPTION, SITE_NAME } from "../../content/site";

/** `"{title} | VPF"`, or the brand line for the home page. */
export function formatTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: Value, Progress, Freedom`;
}

/**
 * Meta tags for a page.
 *
 * @param error the route's error, if any: a 404 gets the 404 page's title.
 */
export function buildMeta(
  title: string | undefined,
  description = SITE_DESCRIPTION,
  error?: unknown,
): MetaDescriptor[] {
  if (error !== undefined && error !== null) {
    return [{ title: formatTitle("Page Not Found") }, { name: "robots", content: "noindex" }];
  }
  return [{ title: formatTitle(title) }, { name: "description", content: description }];
}
