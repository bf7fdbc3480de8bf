/** Article tags as pages (rule 3.7): each tag's slug, the path `/tags/{slug}` lists its articles under. */

/** Tags an article card shows (rule 3.5); here, not beside the front matter's schema, as every page loads this module. */
export const CARD_TAG_COUNT = 3;

/** A tag's slug, accents dropped and other runs one `-` (`"AI & ML"` → `ai-ml`); `""` without a letter or digit. */
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
