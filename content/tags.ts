/** Article tags as pages (rule 3.7): each tag's slug, the path `/tags/{slug}` lists its articles under. */

/**
 * The slug of a tag: lower case, accents dropped, every run of other characters one `-`
 * (`"Side Income"` → `side-income`, `"AI & ML"` → `ai-ml`). `""` for a tag with no letter or digit.
 */
export function slugifyTag(tag: string): string {
  return tag
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** The page of `tag`: `/tags/side-income`. */
export function buildTagHref(tag: string): string {
  return `/tags/${encodeURIComponent(slugifyTag(tag))}`;
}
