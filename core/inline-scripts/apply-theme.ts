/** Puts a theme on `<html>` (rule 7.1): the `dark` class for the styles, `color-scheme` for controls and scrollbars. */
export function applyTheme(theme: "dark" | "light"): void {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}
