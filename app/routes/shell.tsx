/** The site shell layout route (rules 2.6 to 2.8, 10.1); its errors render inside the same shell. */
import { Outlet, isRouteErrorResponse, useRouteError } from "react-router";
import { buildSiteNav } from "../../core/page-registry";
import { NotFoundPage } from "../components/lazy-not-found-page";
import { Shell } from "../components/site-shell";
import { UnexpectedErrorMessage } from "../components/unexpected-error";
import { getEdgeContext } from "../../core/edge-context";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/shell";

/** The navigation under the current flags (rules 2.2, 2.6, 2.7), so the page registry stays on the server. */
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
