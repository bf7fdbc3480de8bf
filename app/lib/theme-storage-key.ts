/** The theme's localStorage key and type, shared without any validator code. */

/** localStorage key of the saved theme (decisions.md). */
export const THEME_STORAGE_KEY = "vpf-theme";

/** `"dark"` or `"light"`. */
export type Theme = "dark" | "light";
