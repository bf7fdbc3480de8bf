/** The site search's query (rule 3.8); `search-engine.ts` holds how an item matches it. */
import * as v from "valibot";
import { MAX_QUERY_LENGTH } from "./blog-limits";

/** `/search`'s URL query parameters; anything unusable becomes an empty query, never an error. */
export const SiteSearchParamsSchema = v.object({
  q: v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(MAX_QUERY_LENGTH)), ""),
});

/** Reads `q` (cut to `MAX_QUERY_LENGTH` characters, trimmed); never throws. */
export function parseSiteQuery(params: URLSearchParams): string {
  return v.parse(SiteSearchParamsSchema, { q: (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH) }).q;
}
