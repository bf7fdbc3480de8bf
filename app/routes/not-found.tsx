/** Any path no other route matches, `/404` included: the 404 page with status 404 (rule 2.2). */
import { throwNotFound } from "../lib/route-guards.server";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/not-found";

export function loader(): never {
  throwNotFound();
}

export const meta: Route.MetaFunction = (args) => buildMeta({ ...args, error: args.error ?? true }, {});

export default function NotFound() {
  return null;
}
