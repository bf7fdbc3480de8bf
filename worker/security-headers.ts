/**
 * Security headers on every response (rules 8.1, 8.2): a strict, nonce-based CSP (`'self'` is only the fallback
 * for browsers without `'strict-dynamic'`); a page from the page cache gets its scripts' hashes instead.
 */
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { WorkerEnv } from "./types";

export const CSP_REPORT_PATH = "/api/csp-report";

/** The endpoint's name in `Reporting-Endpoints`. */
export const CSP_REPORT_GROUP = "csp-endpoint";

/** Needs `c.var.config`. `dev` (Vite's dev server only) allows inline scripts, which Vite's client injects. */
export function securityHeaders(options: { dev: boolean }): MiddlewareHandler<WorkerEnv> {
  const base = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: options.dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : [NONCE, "'strict-dynamic'", "'self'"],
      // React (`style={…}`) and Radix write inline styles; no script can run from them.
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
    // No current browser reads these, and every byte counts toward a page's first round trip (rule 10.3).
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
    if (hashes && nonce) csp = csp.replace(`'nonce-${nonce}'`, hashes);
    c.res.headers.set("content-security-policy", csp);
  };
}

/** 128 random bits, base64 (rule 8.1). */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
