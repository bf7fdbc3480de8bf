/** Flag names and defaults (rule 1.1), apart from `flags-schema.ts` so the browser's first load needs no validator. */

/** In rule 1.1's order. */
export const FLAG_NAMES = ["newsletter", "store", "cta", "contact", "holdingPage"] as const;

export type FlagName = (typeof FLAG_NAMES)[number];

export type Flags = Record<FlagName, boolean>;

/** Values a missing key takes (rule 1.1). */
export const DEFAULT_FLAGS: Readonly<Flags> = Object.freeze({
  newsletter: true,
  store: true,
  cta: true,
  contact: true,
  holdingPage: false,
});
