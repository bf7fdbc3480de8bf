/**
 * The site shell (rules 2.6 to 2.8, 10.1): skip link, header, the `<main>` landmark that
 * takes focus after each navigation, footer and the toast region. Its
 * ErrorBoundary shows the 404 page (status 404) or the unexpected-error
 * screen inside the same shell.
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef } from "react";
import { Outlet, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { isPathOpen, listLinks } from "../../core/site-map";
import { NotFoundPage } from "../components/lazy-not-found-page";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header";
import { ToasterLoader } from "../components/toaster-loader";
import { UnexpectedErrorMessage } from "../components/unexpected-error";
import { useFlags } from "../lib/use-flags";
import { useHydrationMarker } from "../lib/use-hydration-marker";
import { useIdle } from "../lib/use-idle";
import { getEdgeContext } from "../../core/edge-context";
import { buildMeta } from "../lib/meta";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/shell";

/**
 * The navigation of every page, read from the site map (core/site-map.ts) on
 * the server: the header, footer Content and Legal links and the 404 page's
 * popular links open under the current flags, and whether /newsletter is open
 * (rules 2.6, 2.7, 2.2). The site map itself never reaches the browser.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { flags } = getEdgeContext(context);
  return {
    nav: {
      header: listLinks("header", flags),
      footerContent: listLinks("footer-content", flags),
      footerLegal: listLinks("footer-legal", flags),
      popular: listLinks("popular", flags),
      newsletter: isPathOpen("/newsletter", flags),
    },
  };
}

/** Child routes set their own tags; when one fails, the 404 or error screen gets its title here. */
export const meta: Route.MetaFunction = (args) => (args.error ? buildMeta(args, {}) : []);

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

  // Rule 2.8: a new page starts at the top (or its restored position) at once;
  // only hash links within a page scroll smoothly. The CSS asks for smooth
  // scrolling on <html>, so switch it off for the frame in which the router scrolls.
  const lastPathname = useRef(pathname);
  useLayoutEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    const root = document.documentElement;
    root.style.scrollBehavior = "auto";
    const frame = requestAnimationFrame(() => root.style.removeProperty("scroll-behavior"));
    return () => {
      cancelAnimationFrame(frame);
      root.style.removeProperty("scroll-behavior");
    };
  }, [pathname]);

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
      {/* Never behind a Suspense boundary: React streams a large finished boundary
          separately and shows it with a script, so it would stay hidden without JavaScript (rule 6.5). */}
      <SiteFooter year={year} />
      <ToasterLoader />
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
