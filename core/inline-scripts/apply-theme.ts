/**
 * Puts a theme on `<html>`: the `dark` class the styles key on, and the
 * `color-scheme` that form controls and scrollbars follow (rule 7.1). Shared by
 * the inline scripts, which the build compiles with it.
 */
export function applyTheme(theme: "dark" | "light"): void {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}
