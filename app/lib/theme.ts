/** Light/dark theme (rule 7.1); the head script applies it before the body is parsed, so it never flashes. */
import { useSyncExternalStore } from "react";
import { applyTheme } from "../../core/inline-scripts/apply-theme";
import { THEME_STORAGE_KEY, type Theme } from "./theme-storage-key";

export { THEME_STORAGE_KEY, type Theme } from "./theme-storage-key";

const listeners = new Set<() => void>();

/** The theme applied to `<html>` right now (browser only). */
export function readAppliedTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Applies a theme to `<html>`, saves it (a failing save is ignored) and notifies `useTheme`. */
export function setTheme(theme: Theme): void {
  applyTheme(theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or a full quota: the choice lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    void import("./theme-storage").then(({ readStoredTheme }) => {
      const next = readStoredTheme(localStorage);
      if (next && next !== readAppliedTheme()) setTheme(next);
    });
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The current theme: `null` on the server and while hydrating, then `"dark"` or `"light"`. */
export function useTheme(): Theme | null {
  return useSyncExternalStore(subscribe, readAppliedTheme, () => null);
}
