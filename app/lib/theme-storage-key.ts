/** The theme's localStorage key and type, shared without any validator code. */

/** localStorage key of the saved theme (rule 7.1). */
export const THEME_STORAGE_KEY = "vpf-theme";

/** `"dark"` or `"light"`. */
export type Theme = "dark" | "light";
