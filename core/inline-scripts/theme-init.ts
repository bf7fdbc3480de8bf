/**
 * The theme before first paint (rule 7.1): run inline in `<head>`, with the
 * request's nonce, before the body is parsed, so the wrong theme never
 * flashes. The build compiles it to a classic script
 * (`scripts/vite-plugin-inline-script.ts`); `app/root.tsx` writes it.
 */
import { applyTheme } from "./apply-theme";

/**
 * Applies the saved theme, else the system's dark-mode preference, to `<html>`.
 * Same rule as `readStoredTheme` (`app/lib/theme-storage.ts`), without its imports.
 *
 * @param storageKey the `localStorage` key of the saved theme (`vpf-theme`).
 */
export default function initTheme(storageKey: string): void {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(storageKey);
  } catch {
    // Storage refused (privacy settings): the system preference decides.
  }
  // An old browser without matchMedia gets the light theme.
  const matchMediaIfAny = window.matchMedia as typeof window.matchMedia | undefined;
  const prefersDark = () => Boolean(matchMediaIfAny) && matchMedia("(prefers-color-scheme: dark)").matches;
  applyTheme(saved === "dark" || saved === "light" ? saved : prefersDark() ? "dark" : "light");
}
