/** The dark/light switch (rules 6.5, 7.1); the server cannot know the theme, so CSS picks the icon. */
import { Moon, Sun } from "lucide-react";
import { readAppliedTheme, setTheme, useTheme } from "../lib/theme";

/** The theme toggle button. */
export function ThemeToggle() {
  const theme = useTheme();
  const label = theme === null ? "Toggle theme" : theme === "dark" ? "Switch to light theme" : "Switch to dark theme";
  return (
    <button
      type="button"
      onClick={() => setTheme(readAppliedTheme() === "dark" ? "light" : "dark")}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      // Before hydration the inline capture script switches the theme for this button at once (rule 10.2).
      data-theme-toggle=""
      className="needs-js inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
      <Sun aria-hidden="true" className="hidden size-5 dark:block" />
    </button>
  );
}
