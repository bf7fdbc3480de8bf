import { afterEach, describe, expect, it, vi } from "vitest";
import { createFakeBrowser, type FakeBrowserOptions } from "../../tests/support/fake-dom";
import initTheme from "./theme-init";

const KEY = "vpf-theme";

/** Runs the script's function in a fake browser; returns `<html>`'s dark class and colour scheme. */
function runIn(options: FakeBrowserOptions): { dark: boolean; colorScheme: string | undefined } {
  const browser = createFakeBrowser(options);
  for (const [name, value] of Object.entries(browser.globals)) vi.stubGlobal(name, value);
  initTheme(KEY);
  const root = browser.document.documentElement;
  return { dark: root.classList.contains("dark"), colorScheme: root.style.colorScheme };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("initTheme", () => {
  it.each([
    ["dark", false, true],
    ["light", true, false],
  ] as const)("applies the stored %s theme over the system preference", (stored, prefersDark, dark) => {
    expect(runIn({ stored: { [KEY]: stored }, prefersDark })).toEqual({ dark, colorScheme: stored });
  });

  it.each([true, false])("with no stored theme, follows the system preference (dark: %s)", (prefersDark) => {
    const theme = prefersDark ? "dark" : "light";
    expect(runIn({ prefersDark })).toEqual({ dark: prefersDark, colorScheme: theme });
  });

  it("ignores a stored value that is not a theme", () => {
    expect(runIn({ stored: { [KEY]: "DARK" }, prefersDark: false })).toEqual({ dark: false, colorScheme: "light" });
  });

  it("reads only its own key", () => {
    expect(runIn({ stored: { other: "dark" }, prefersDark: false })).toEqual({ dark: false, colorScheme: "light" });
  });

  it("falls back to the system preference when storage cannot be read", () => {
    expect(runIn({ storageThrows: true, prefersDark: true })).toEqual({ dark: true, colorScheme: "dark" });
  });

  it("picks light in a browser without matchMedia", () => {
    expect(runIn({})).toEqual({ dark: false, colorScheme: "light" });
  });
});
