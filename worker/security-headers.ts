/**
 * Security headers on every response (rules 8.1 and 8.2), on Hono's
 * secure-headers middleware.
 *
 * The Content-Security-Policy follows the strict-CSP standard (CSP Level 3,
 * "strict-dynamic"): scripts run only when they carry this request's nonce
 * (128 bits from `crypto.getRandomValues`, Hono's `NONCE`) or are loaded by
 * such a script; `'self'` is only a fallback for browsers without
 * `'strict-dynamic'`. A page served from the page cache names its own inline
 * scripts' SHA-256 hashes instead of a nonce (`page-cache.ts`).
 * `base-uri 'none'`, `object-src 'none'` and `frame-ancestors 'none'`;
 * violations are reported to our own
 * `/api/csp-report` through both `report-to` (Reporting API) and the older
 * `report-uri`. Also HSTS, nosniff, a strict referrer policy and a
 * Permissions-Policy that turns powerful features off.
 */
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { WorkerEnv } from "./types";

/** Where browsers post CSP violation reports. */
export const CSP_REPORT_PATH = "/api/csp-report";

/** Name of the reporting endpoint in `Reporting-Endpoints`. */
export const CSP_REPORT_GROUP = "csp-endpoint";

/**
 * Creates the middleware; needs `c.var.config` (the auth service's origin
 * joins `connect-src` when accounts are on, rule 9.1).
 *
 * @param options.dev when true (Vite dev server only) scripts may be inline
 *   without a nonce, because Vite's dev client injects its own; never true in a build.
 */
export function securityHeaders(options: { dev: boolean }): MiddlewareHandler<WorkerEnv> {
  const base = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: options.dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : [NONCE, "'strict-dynamic'", "'self'"],
      // Inline style attributes come from React (`style={…}`) and Radix; no script can run from them.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      reportTo: CSP_REPORT_GROUP,
      reportUri: CSP_REPORT_PATH,
    },
    reportingEndpoints: [{ name: CSP_REPORT_GROUP, url: CSP_REPORT_PATH }],
    strictTransportSecurity: "max-age=63072000; includeSubDomains; preload",
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    // Obsolete headers no current browser reads: every byte counts toward a page's first round trip (rule 10.3).
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      browsingTopics: [],
    },
  });
  return async (c, next) => {
    await base(c, next);
    const authOrigin = c.var.config.authOrigin;
    const extra = [...(authOrigin ? [authOrigin] : []), ...(options.dev ? ["ws:"] : [])];
    const hashes = c.var.scriptHashes;
    const nonce = c.var.secureHeadersNonce;
    let csp = c.res.headers.get("content-security-policy");
    if (!csp || (extra.length === 0 && !hashes)) return;
    if (extra.length > 0) csp = csp.replace(/connect-src 'self'/, `connect-src 'self' ${extra.join(" ")}`);
    // A page from the page cache: its own scripts' hashes stand where the nonce was (`page-cache.ts`).
    if (hashes && nonce) csp = csp.replace(`'nonce-${nonce}'`, hashes);
    c.res.headers.set("content-security-policy", csp);
  };
}

/** A fresh CSP nonce like the one each request gets: 128 random bits, base64 (rule 8.1). */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
