/** Debian's Chromium as every browser tool here launches it. */

/** The binary: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The end-to-end gate's browser: Chromium's headless shell, the same release without the browser's window layers
 * (Debian's `chromium-headless-shell`), or `CHROMIUM_HEADLESS_SHELL_PATH`. The end-to-end tests alone, 130 of them on
 * two workers, took 123 s and 218 core-seconds in it against 161 s and 286 in the full browser (this two-core host).
 * It has no back-forward cache, so the test of that cache, the sweep's visual baseline and the screenshots keep the
 * full browser.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/lib/chromium/chromium-headless-shell";

/** How to install both browsers on Debian. */
export const CHROMIUM_INSTALL_COMMAND = "apt-get update && apt-get install -y chromium chromium-headless-shell";

/**
 * Features Playwright 1.65 turns off at launch (its `chromiumSwitches`), which a `--disable-features` of our own
 * replaces rather than extends; `scripts/chromium.test.ts` fails when Playwright's list grows past this copy.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Headless Chromium 156 preloads the address bar's popup pages in a renderer of their own for every window, one per
 * browser context: on two cores about a sixth of an end-to-end run's CPU went to them.
 */
const OMNIBOX_POPUP_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

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

/** `CHROMIUM_ARGS` for a browser Playwright launches: its own disabled features, and no address-bar popups. */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(",")}`,
];
