/**
 * The site shell (rules 2.6 to 2.8, 10.1): skip link, header, the `<main>` landmark that
 * takes focus after each navigation, footer and the toast region. Its
 * ErrorBoundary shows the 404 page (status 404) or the unexpected-error
 * screen inside the same shell.
 */
import { type ReactNode, Suspense, lazy, useEffect, useRef } from "react";
import { Outlet, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { DeferredNotFoundPage, DeferredSiteFooter } from "../components/deferred";
import { SiteHeader } from "../components/site-header";
import { UnexpectedErrorMessage } from "../components/unexpected-error";
import { useFlags } from "../lib/use-flags";
import { useHydrationMarker } from "../lib/use-hydration-marker";
import { useIdle } from "../lib/use-idle";
import { buildMeta } from "../lib/meta";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/shell";

/** Child routes set their own tags; when one fails, the 404 or error screen gets its title here. */
export const meta: Route.MetaFunction = (args) => (args.error ? buildMeta(args, {}) : []);

const Toaster = lazy(() => import("../components/toaster"));

function Shell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const flags = useFlags();
  const year = root?.year ?? new Date().getUTCFullYear();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);
  const idle = useIdle();
  const authConfig = root?.auth ?? null;
  useHydrationMarker();

  // Accounts (rule 9.1): started once the page is idle, and only when configured.
  useEffect(() => {
    if (!idle || !authConfig) return;
    void import("../lib/auth-session").then((auth) => auth.startAuth(authConfig));
  }, [idle, authConfig]);

  // Rule 2.8: navigation moves focus to the main area (scrolling is left to
  // <ScrollRestoration>; hash links keep their own target).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!hash) mainRef.current?.focus({ preventScroll: true });
  }, [pathname, hash]);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader flags={flags} />
      <main id="main" ref={mainRef} tabIndex={-1}>
        {children}
      </main>
      <DeferredSiteFooter flags={flags} year={year} />
      {idle && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}

export default function ShellLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const flags = useFlags();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Shell>
      {notFound ? (
        <DeferredNotFoundPage flags={flags} />
      ) : (
        <div className="mx-auto max-w-2xl px-6 py-24">
          <UnexpectedErrorMessage />
        </div>
      )}
    </Shell>
  );
}
