/**
 * How an article's body reaches the page exactly once (ARCHITECTURE.md, "The
 * browser"): on a document request as HTML only, on a client-side navigation
 * as loader data only, never both.
 *
 * - The server render gets the body from `ArticleBodyContext`, which
 *   `entry.server.tsx` provides for this request alone from the bundled
 *   articles (no module-level state).
 * - The hydrating browser reads it back from the element the server wrote
 *   (`ARTICLE_BODY_ID`), so hydration sees the very same markup.
 * - After a navigation, the loader's `html` is used.
 */
import { createContext, useContext, useState } from "react";

/** The element that holds the body. */
export const ARTICLE_BODY_ID = "article-body";

/** The body of the article being rendered on the server, or `null` (always in the browser). */
export const ArticleBodyContext = createContext<string | null>(null);

/**
 * The body to render: the loader's `html` after a navigation, the server's
 * copy while rendering on the server, else what the server wrote into the page.
 */
export function useArticleBody(loaderHtml: string | null): string {
  const serverHtml = useContext(ArticleBodyContext);
  const [pageHtml] = useState(() =>
    typeof document === "undefined" ? "" : (document.getElementById(ARTICLE_BODY_ID)?.innerHTML ?? ""),
  );
  return loaderHtml ?? serverHtml ?? pageHtml;
}
