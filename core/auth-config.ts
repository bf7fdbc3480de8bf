/** The public accounts configuration (rule 9.1), parsed by the worker and handed to the browser. */
import * as v from "valibot";

/** `{ url, anonKey }` of the auth service, or `null` when accounts are off. */
export const AuthConfigSchema = v.nullable(
  v.object({ url: v.pipe(v.string(), v.url(), v.startsWith("http")), anonKey: v.pipe(v.string(), v.nonEmpty()) }),
);

export type AuthConfig = v.InferOutput<typeof AuthConfigSchema>;
