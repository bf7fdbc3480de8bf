/** An article's contents list (rule 3.1), rebuilt from its HTML in the browser, not sent to hydrate (rule 10.3). */
import type { ArticleHeading } from "./article-schema.ts";

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": "\u00a0" };

/** Plain text of inline HTML: tags dropped, its escapes undone (`&amp;` last, so it stays literal). */
function readPlainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/&amp;/g, "&")
    .trim();
}

/** The h2s of `html` with their h3s nested, in order; an h3 before any h2 stands alone, id-less ones are left out. */
export function listArticleHeadings(html: string): ArticleHeading[] {
  const entries: ArticleHeading[] = [];
  let section: ArticleHeading | undefined;
  for (const [, level, id, inner] of html.matchAll(/<h([23])\s+id="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g)) {
    const text = readPlainText(inner!);
    if (level === "2") entries.push((section = { id: id!, text }));
    else if (section) (section.children ??= []).push({ id: id!, text });
    else entries.push({ id: id!, text });
  }
  return entries;
}
