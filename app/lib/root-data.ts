/**
 * The data every page's root loader answers (`app/root.tsx`), and its reader
 * for components: kept apart from the root module so that what the root
 * renders can read it without importing the root back.
 */
import { useRouteLoaderData } from "react-router";
import type { AuthConfig } from "../../core/auth-config";
import type { Flags } from "../../core/flags";
import type { PublicFormsConfig } from "../../core/form-contract";

/**
 * `{ flags, year, origin, auth, forms, vitalsSampleRate }`: the flags in force, the UTC year, the site's
 * origin, the public accounts configuration or `null`, where the forms go with how long messages are
 * kept (rule 6.6), and the share of visits (0..1) that report their Web Vitals (rule 8.5).
 */
export interface RootData {
  flags: Flags;
  year: number;
  origin: string;
  auth: AuthConfig;
  forms: PublicFormsConfig;
  vitalsSampleRate: number;
}

/** The root loader's data, or `undefined` when it did not run (an error thrown before the loaders). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
