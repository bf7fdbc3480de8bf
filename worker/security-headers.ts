/**
 * Security headers on every response (decisions.md "Security"; issue 2):
 * a Content-Security-Policy whose script-src allows only our origin and a
 * fresh 128-bit nonce per request (Hono's `NONCE` draws 16 bytes from
 * `crypto.getRandomValues`), HSTS, nosniff, a strict referrer policy, a
 * Permissions-Policy that turns off powerful features, and
 * `frame-ancestors 'none'`. Built on Hono's secure-headers middleware.
 */
import type { Context, MiddlewareHandler } from "hono";
import { readAuthOrigin } from "../app/lib/auth";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { WorkerEnv } from "./types";

/** CSP source for the Supabase Auth origin, or nothing when accounts are off. */
function authOrigin(c: Context): string {
  return readAuthOrigin((c.env ?? {}) as Env) ?? "";
}

/**
 * Creates the middleware.
 *
 * @param options.dev when true (Vite dev server only) scripts may be inline
 *   without a nonce, because Vite's dev client injects its own; never true in a build.
 */
export function securityHeaders(options: { dev: boolean }): MiddlewareHandler<WorkerEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: options.dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", NONCE],
      // Inline style attributes come from React (`style={…}`) and Radix; no script can run from them.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      // Exactly the Supabase origin is added when accounts are configured (issue 5).
      connectSrc: options.dev ? ["'self'", "ws:", authOrigin] : ["'self'", authOrigin],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: "max-age=63072000; includeSubDomains; preload",
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      browsingTopics: [],
    },
  });
}
