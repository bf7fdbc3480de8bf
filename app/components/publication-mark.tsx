/**
 * The dev server's preview mark on an article that visitors cannot see yet: "Draft", or "Scheduled" for one whose
 * publish date is to come (rule 3.1). Builds never list such articles, so visitors never see it.
 */

/** The mark, or nothing for a published article. */
export function PublicationMark({ article }: { article: { draft?: boolean; scheduled?: true } }) {
  const label = article.draft ? "Draft" : article.scheduled ? "Scheduled" : null;
  if (!label) return null;
  return (
    <span
      data-testid="publication-mark"
      className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase dark:bg-amber-900 dark:text-amber-100"
    >
      {label}
    </span>
  );
}
