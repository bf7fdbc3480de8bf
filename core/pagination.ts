/**
 * Lists of cards that paginate (docs/product-rules.md, rule 3.9): a page of `LIST_PAGE_SIZE` cards, the page number
 * in the query parameter `page`, page 1 at the bare path.
 */
import * as v from "valibot";

/** Cards on one page of a list (rule 3.9). */
export const LIST_PAGE_SIZE = 24;

/** The highest page number read from a URL; anything above is malformed, so no list is ever walked past it. */
const MAX_PAGE_NUMBER = 100_000;

/** A `page` query value: digits only, no leading zero, within `MAX_PAGE_NUMBER`. */
export const PageNumberSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,5}$/),
  v.transform(Number),
  v.maxValue(MAX_PAGE_NUMBER),
);

/**
 * The page a list's URL asks for: `page` from `searchParams`, or 1 when it is absent or malformed (rule 3.9: bad
 * parameters never cause an error).
 */
export function readPageNumber(searchParams: URLSearchParams): number {
  const parsed = v.safeParse(PageNumberSchema, searchParams.get("page") ?? "");
  return parsed.success ? parsed.output : 1;
}

/** One page of a list: its items, its number (from 1), how many pages the list has (at least 1) and its length. */
export interface ListPage<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/**
 * Page `page` (from 1) of `items` in `size`s, in the given order; `undefined` when the page lies past the last one
 * (page 1 of an empty list is an empty page, so an empty list still has its page).
 */
export function paginate<T>(items: readonly T[], page: number, size = LIST_PAGE_SIZE): ListPage<T> | undefined {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return undefined;
  return { items: items.slice((page - 1) * size, page * size), page, pageCount, total: items.length };
}

/**
 * The address of page `page` of the list at `path`: the bare path for page 1, else `path?page=N`; the list's own
 * parameters (`/blog`'s words and category) come first when given, empty ones left out.
 */
export function buildPageHref(path: string, page: number, params: Record<string, string | null> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
