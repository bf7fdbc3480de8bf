/** What the worker tests may know of the generated archive (`archive-fixture.ts`), free of Node modules. */

/** Articles in the archive: more than two pages of 24 in all, in `ARCHIVE_CATEGORY` and under `ARCHIVE_TAG`. */
export const ARCHIVE_ARTICLE_COUNT = 80;

/** Newsletter issues in the archive, all sent. */
export const ARCHIVE_ISSUE_COUNT = 30;

/** The category most of the archive is in, and the tag most of it carries. */
export const ARCHIVE_CATEGORY = "Investing";
export const ARCHIVE_TAG = "long game";

/** The newest article's slug: it also holds a wide table and markup an article must not carry (`writeArchiveMarkdown`). */
export const ARCHIVE_MARKUP_SLUG = "archive-note-001";
