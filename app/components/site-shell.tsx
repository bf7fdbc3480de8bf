/**
 * `Shell`: the site's frame around a page, shared by the shell layout route,
 * its error screens and the root's 404 for a page whose flag is off.
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { replayEarlyEvents } from "../lib/early-events";
import { useCancelledCheckout } from "../lib/use-cancelled-checkout";
import { useHydrationMarker } from "../lib/use-hydration-marker";
import { useIdle } from "../lib/use-idle";
import { startVitals } from "../lib/start-vitals";
import { useFrameData } from "../lib/frame-data";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { ToasterLoader } from "./toaster-loader";

/**
 * The frame of every page (rules 2.6 to 2.8, 10.1): skip link, header, the
 * `<main>` landmark that takes focus after each navigation, footer and the
 * toast region.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { year, auth: authConfig, vitalsSampleRate } = useFrameData();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);
  const idle = useIdle();
  useHydrationMarker();

  // Rule 5.9: back from checkout through Cancel, the cart is as it was.
  useCancelledCheckout();

  // Rule 10.2: what the visitor did before hydration happens now, once.
  useEffect(() => {
    void replayEarlyEvents();
  }, []);

  // Accounts (rule 9.1): started once the page is idle, and only when configured.
  useEffect(() => {
    if (!idle || !authConfig) return;
    void import("../lib/auth-session").then((auth) => auth.startAuth(authConfig));
  }, [idle, authConfig]);

  // Field data (rule 8.5): a sampled share of visits reports its Web Vitals, loaded once the page is idle.
  useEffect(() => {
    if (idle) startVitals(vitalsSampleRate);
  }, [idle, vitalsSampleRate]);

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
      <SiteHeader />
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
