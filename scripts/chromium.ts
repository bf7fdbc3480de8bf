/** Debian's Chromium as every browser tool here launches it. */

/** The binary: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Launch flags; the networking ones stop it from calling hosts this closed network refuses. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
