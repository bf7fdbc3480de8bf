/** Reading the saved theme; loaded only when another tab changes it. */
import * as v from "valibot";
import { THEME_STORAGE_KEY, type Theme } from "./theme-storage-key";

/** A theme value as stored in localStorage. */
export const ThemeSchema = v.picklist(["dark", "light"]);

/** The saved theme, or `null` when none is readable. */
export function readStoredTheme(storage: Pick<Storage, "getItem"> | undefined): Theme | null {
  try {
    const parsed = v.safeParse(ThemeSchema, storage?.getItem(THEME_STORAGE_KEY));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
