/**
 * Reading the saved theme with its schema. Loaded only when another tab
 * changes the theme (the head script applies the saved theme on load).
 */
import * as v from "valibot";
import { THEME_STORAGE_KEY, type Theme } from "./theme-storage-key";

/** A theme value as stored in localStorage. */
export const ThemeSchema = v.picklist(["dark", "light"]);

/**
 * The saved theme, or `null` when none is saved, storage is unavailable, or
 * the saved text is not a theme.
 */
export function readStoredTheme(storage: Pick<Storage, "getItem"> | undefined): Theme | null {
  try {
    const parsed = v.safeParse(ThemeSchema, storage?.getItem(THEME_STORAGE_KEY));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
