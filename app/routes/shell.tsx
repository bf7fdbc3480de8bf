/**
 * The site shell (spec §2): skip link, header, the `<main>` landmark that
 * takes focus after each navigation, footer and the toast region. Its
 * ErrorBoundary shows the 404 page (status 404) or the unexpected-error
 * screen inside the same shell.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { Outlet, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { AuthProvider } from "../components/auth-provider";
import { NotFoundPage } from "../components/not-found-page";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { Toaster } from "../components/toaster";
import { DEFAULT_FLAGS } from "../lib/flags";
import { buildMeta } from "../lib/meta";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/shell";

/** Child routes set their own tags; when one fails, the 404 or error screen gets its title here. */
export const meta: Route.MetaFunction = (args) => (args.error ? buildMeta(args, {}) : []);

function Shell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const flags = root?.flags ?? DEFAULT_FLAGS;
  const year = root?.year ?? new Date().getUTCFullYear();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);

  // Spec §2: navigation moves focus to the main area (scrolling is left to
  // <ScrollRestoration>; hash links keep their own target).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!hash) mainRef.current?.focus({ preventScroll: true });
  }, [pathname, hash]);

  return (
    <AuthProvider config={root?.auth ?? null}>
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
      <SiteFooter flags={flags} year={year} />
      <Toaster />
    </AuthProvider>
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
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Shell>
      {notFound ? (
        <NotFoundPage flags={root?.flags ?? DEFAULT_FLAGS} />
      ) : (
        <div className="mx-auto max-w-2xl px-6 py-24">
          <h1 className="text-3xl font-bold tracking-tight">Unexpected Application Error!</h1>
          <p className="mt-4 text-slate-600 dark:text-slate-300">
            Something went wrong on our side while showing this page. Please try again in a moment.
          </p>
        </div>
      )}
    </Shell>
  );
}
