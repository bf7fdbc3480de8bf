/** The site's frame, shared by the shell layout route, its error screens and a closed page's 404. */
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

/** The frame of every page (rules 2.6 to 2.8, 10.1). */
export function Shell({ children }: { children: ReactNode }) {
  const { year, auth: authConfig, vitalsSampleRate } = useFrameData();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname, search, hash } = useLocation();
  const firstRender = useRef(true);
  const idle = useIdle();
  useHydrationMarker();

  useCancelledCheckout(); // rule 5.9

  useEffect(() => {
    void replayEarlyEvents();
  }, []);

  useEffect(() => {
    if (!idle || !authConfig) return;
    void import("../lib/auth-session").then((auth) => auth.startAuth(authConfig));
  }, [idle, authConfig]);

  useEffect(() => {
    if (idle) startVitals(vitalsSampleRate);
  }, [idle, vitalsSampleRate]);

  // Rule 2.8: app.css scrolls <html> smoothly, so that is off for the frame in which the router scrolls, for a new
  // path or a new query (a list's next page, whose top may be 12,000 px up): only a hash link glides.
  const address = pathname + search;
  const lastAddress = useRef(address);
  useLayoutEffect(() => {
    if (lastAddress.current === address) return;
    lastAddress.current = address;
    const root = document.documentElement;
    root.style.scrollBehavior = "auto";
    const frame = requestAnimationFrame(() => root.style.removeProperty("scroll-behavior"));
    return () => {
      cancelAnimationFrame(frame);
      root.style.removeProperty("scroll-behavior");
    };
  }, [address]);

  // Rule 2.8; scrolling is left to <ScrollRestoration>.
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
      {/* Never behind Suspense: React reveals a large streamed boundary by script, so not without JavaScript (rule 6.5). */}
      <SiteFooter year={year} />
      <ToasterLoader />
    </>
  );
}
