/**
 * Which feature flag a path needs (spec §2 routes: "404 page if the … flag is
 * off"). One table for the worker's gate middleware and the route loaders.
 */
import type { FlagName, Flags } from "./flags";

/** Path prefixes and the flag each needs, most specific first. */
const GATED_PATHS: ReadonlyArray<{ prefix: string; exact: boolean; flag: FlagName }> = [
  { prefix: "/store", exact: true, flag: "store" },
  { prefix: "/product/", exact: false, flag: "store" },
  { prefix: "/api/checkout", exact: true, flag: "store" },
  { prefix: "/contact", exact: true, flag: "contact" },
  { prefix: "/newsletter", exact: true, flag: "newsletter" },
];

/**
 * Strips what React Router adds to a data request (`/store.data` → `/store`)
 * and a trailing slash, so documents and `.data` requests gate alike.
 */
export function normalizeGatePath(pathname: string): string {
  let path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path;
}

/**
 * The flag a path needs, or `null` for a path open to everyone.
 *
 * @param pathname the URL path, e.g. `/product/tee.data`.
 */
export function findRequiredFlag(pathname: string): FlagName | null {
  const path = normalizeGatePath(pathname);
  for (const gate of GATED_PATHS) {
    if (gate.exact ? path === gate.prefix : path.startsWith(gate.prefix)) return gate.flag;
  }
  return null;
}

/**
 * The flag that closes this path under the given flags, or `null` when the
 * path is open.
 */
export function findBlockingFlag(pathname: string, flags: Flags): FlagName | null {
  const flag = findRequiredFlag(pathname);
  return flag !== null && !flags[flag] ? flag : null;
}
