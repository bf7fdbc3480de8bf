/**
 * Static files from `build/client`, served through the `ASSETS` binding
 * because the worker runs first for every path. Fingerprinted build output
 * under `/assets/` is cached for a year as immutable (its name changes when
 * its content does); other public files keep the platform's revalidation.
 */

/** Cache-Control for fingerprinted assets (one year, RFC 8246 `immutable`). */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Whether a GET/HEAD path may name a static file: its last segment has an
 * extension and it is not a React Router data request (`*.data`).
 */
export function mayBeStaticAsset(pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
  return lastSegment.includes(".") && !pathname.endsWith(".data");
}

/**
 * Serves the request from `ASSETS`.
 *
 * @returns the asset response with mutable headers, or `null` when there is
 *   no such file (the caller then lets React Router answer).
 */
export async function serveStaticAsset(request: Request, assets: Fetcher): Promise<Response | null> {
  const url = new URL(request.url);
  if (!mayBeStaticAsset(url.pathname)) return null;
  const found = await assets.fetch(request);
  if (found.status === 404) return null;
  const response = new Response(found.body, found);
  if (url.pathname.startsWith("/assets/") && response.ok) {
    response.headers.set("Cache-Control", IMMUTABLE_CACHE_CONTROL);
  }
  return response;
}
