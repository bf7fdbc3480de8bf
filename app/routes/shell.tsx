/**
 * The site shell (rules 2.6 to 2.8, 10.1): skip link, header, the `<main>` landmark that
 * takes focus after each navigation, footer and the toast region. Its
 * ErrorBoundary shows the 404 page (status 404) or the unexpected-error
 * screen inside the same shell.
 */
import { Outlet, isRouteErrorResponse, useRouteError } from "react-router";
import { buildSiteNav } from "../../core/page-registry";
import { NotFoundPage } from "../components/lazy-not-found-page";
import { Shell } from "../components/site-shell";
import { UnexpectedErrorMessage } from "../components/unexpected-error";
import { getEdgeContext } from "../../core/edge-context";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/shell";

/**
 * The navigation of every page, read from the page registry
 * (core/page-registry.ts) on the server: the header, footer Content and Legal
 * links and the 404 page's popular links open under the current flags, and
 * whether /newsletter is open (rules 2.6, 2.7, 2.2). The registry itself
 * never reaches the browser.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { nav: buildSiteNav(getEdgeContext(context).flags) };
}

/** Child routes set their own tags; when one fails, the 404 or error screen gets its title here. */
export const meta: Route.MetaFunction = (args) => (args.error ? buildMeta(args, {}) : []);

export default function ShellLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Shell>
      {notFound ? (
        <NotFoundPage />
      ) : (
        <div className="mx-auto max-w-2xl px-6 py-24">
          <UnexpectedErrorMessage />
        </div>
      )}
    </Shell>
  );
}
