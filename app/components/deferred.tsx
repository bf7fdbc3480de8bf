/**
 * Sections whose code loads after the first paint (code-split with
 * `React.lazy`): the server still renders them into the HTML, and the browser
 * fetches their code and hydrates them right after the page's own. They are
 * below the fold or only on error pages, so nothing visible waits for them.
 */
import { Suspense, lazy } from "react";
import type { Flags } from "../../core/flags";

const NewsletterPrompt = lazy(() =>
  import("./newsletter-prompt").then((module) => ({ default: module.NewsletterPrompt })),
);
const SiteFooter = lazy(() => import("./site-footer").then((module) => ({ default: module.SiteFooter })));
const NotFoundPage = lazy(() => import("./not-found-page").then((module) => ({ default: module.NotFoundPage })));

/**
 * The newsletter prompt (home, blog and article pages). Before its code
 * arrives, its form still works: it submits to /newsletter with the address.
 */
export function DeferredNewsletterPrompt() {
  return (
    <Suspense fallback={null}>
      <NewsletterPrompt />
    </Suspense>
  );
}

/** The site footer (below the fold on every page). */
export function DeferredSiteFooter({ flags, year }: { flags: Flags; year: number }) {
  return (
    <Suspense fallback={null}>
      <SiteFooter flags={flags} year={year} />
    </Suspense>
  );
}

/** The 404 page body. */
export function DeferredNotFoundPage({ flags }: { flags: Flags }) {
  return (
    <Suspense fallback={null}>
      <NotFoundPage flags={flags} />
    </Suspense>
  );
}
