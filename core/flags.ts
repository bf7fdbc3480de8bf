/**
 * Flag names and defaults (rule 1.1), apart from
 * the schemas in `flags.ts` so the browser's first load needs no validator.
 */

/** Names of the flags, in the order rule 1.1 lists them. */
export const FLAG_NAMES = ["newsletter", "store", "cta", "contact", "holdingPage"] as const;

/** One flag's name. */
export type FlagName = (typeof FLAG_NAMES)[number];

/** The full set of flags: every name present, each a boolean. */
export type Flags = Record<FlagName, boolean>;

/** Values a missing key takes (rule 1.1: four features on, holding page off). */
export const DEFAULT_FLAGS: Readonly<Flags> = Object.freeze({
  newsletter: true,
  store: true,
  cta: true,
  contact: true,
  holdingPage: false,
});
