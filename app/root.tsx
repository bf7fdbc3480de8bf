/** Root route: the document with its head scripts, the data every page needs, and the page gate (rule 1.5). */
import type { ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appCssUrl from "./app.css?url";
import { NotFoundPage } from "./components/lazy-not-found-page";
import { Shell } from "./components/site-shell";
import { UnexpectedError } from "./components/unexpected-error";
import { getEdgeContext } from "../core/edge-context";
import { readPublicConfig } from "../server/config.server";
import { readServerConfig } from "../server/env.server";
import { SITE_NAME } from "../content/site";
import FONT_URL from "virtual:vpf/font";
import { buildFontFaceCss } from "./lib/fonts";
import { EARLY_EVENTS_LOG_KEY } from "./lib/early-events";
import { buildMeta } from "./lib/meta";
import { useNonce } from "./lib/nonce";
import { gateClosedPages } from "./lib/page-gate.server";
import { THEME_STORAGE_KEY } from "./lib/theme-storage-key";
import { earlyEventsScript, themeInitScript } from "../core/inline-scripts/compiled";
import { type RootData, ShellFallbackContext, isShellFallback } from "./lib/frame-data";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // iOS reads no SVG icon.
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "alternate", type: "application/rss+xml", title: `${SITE_NAME} articles`, href: "/rss.xml" },
  { rel: "stylesheet", href: appCssUrl },
  // The brand font is needed for the first paint (rule 10.3).
  { rel: "preload", href: FONT_URL, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/** A page whose flag is off is the 404 page (rule 1.5). */
export const middleware: Route.MiddlewareFunction[] = [gateClosedPages];

/** A closed page's 404 is drawn here, at the root: it gets the 404 page's title. */
export const meta: Route.MetaFunction = (args) => (args.error ? buildMeta(args, {}) : []);

// Server only: hydration keeps these elements, so the browser bundle leaves their text out.
const FONT_FACE_CSS = import.meta.env.SSR ? buildFontFaceCss(FONT_URL) : "";

const THEME_INIT_SCRIPT = import.meta.env.SSR ? themeInitScript(THEME_STORAGE_KEY) : "";
const EARLY_EVENTS_SCRIPT = import.meta.env.SSR ? earlyEventsScript(EARLY_EVENTS_LOG_KEY, THEME_STORAGE_KEY) : "";

/** Root data (`RootData`); `year` is the UTC year so server and browser agree. */
export function loader({ context, request }: Route.LoaderArgs): RootData {
  const { flags } = getEdgeContext(context);
  const { auth, forms, vitalsSampleRate } = readPublicConfig(readServerConfig());
  return {
    flags,
    year: new Date().getUTCFullYear(),
    origin: new URL(request.url).origin,
    auth,
    forms,
    vitalsSampleRate,
  };
}

/** The document around every page and the error screens. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const formsMode = useRouteLoaderData<RootData>("root")?.forms.mode;
  return (
    // The head script sets the theme class before hydration; the forms' client action reads the mode.
    <html lang="en" data-forms-mode={formsMode} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* Their text is the server's alone (above): the browser keeps it, so the empty text here is no mismatch. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} suppressHydrationWarning />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_EVENTS_SCRIPT }} suppressHydrationWarning />
        <style dangerouslySetInnerHTML={{ __html: FONT_FACE_CSS }} suppressHydrationWarning />
        {/* Without JavaScript, controls that need it are hidden and their plain-text notes shown (rule 6.5). */}
        <noscript>
          <style>{".needs-js{display:none!important}.no-js-only{display:revert!important}"}</style>
        </noscript>
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** A closed page's 404 inside the site's frame (rule 1.5); anything else, 'Unexpected Application Error!' (rule 2.4). */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404 && isShellFallback(error.data)) {
    return (
      <ShellFallbackContext value={error.data}>
        <Shell>
          <NotFoundPage />
        </Shell>
      </ShellFallbackContext>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return <UnexpectedError />;
}
