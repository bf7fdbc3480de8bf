/** The theme before first paint (rule 7.1), so the wrong one never flashes; `app/root.tsx` puts it in `<head>`. */
import { applyTheme } from "./apply-theme";

/** The saved theme, else the system preference (light without `matchMedia`): `readStoredTheme`'s rule, sans imports. */
export default function initTheme(storageKey: string): void {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(storageKey);
  } catch {
    // Storage refused (privacy settings): the system preference decides.
  }
  const matchMediaIfAny = window.matchMedia as typeof window.matchMedia | undefined;
  const prefersDark = () => Boolean(matchMediaIfAny) && matchMedia("(prefers-color-scheme: dark)").matches;
  applyTheme(saved === "dark" || saved === "light" ? saved : prefersDark() ? "dark" : "light");
}
