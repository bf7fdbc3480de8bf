/**
 * The public accounts configuration (rule 9.1): the worker parses it from its
 * variables, the root loader hands it to the browser, the browser starts the
 * auth client with it. `null` means accounts are off.
 */
import * as v from "valibot";

/** `{ url, anonKey }` of the auth service, or `null` when accounts are off. */
export const AuthConfigSchema = v.nullable(
  v.object({
    url: v.pipe(v.string(), v.url(), v.startsWith("http")),
    anonKey: v.pipe(v.string(), v.nonEmpty()),
  }),
);

export type AuthConfig = v.InferOutput<typeof AuthConfigSchema>;
