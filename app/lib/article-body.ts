/**
 * An article's body reaches the page once: as HTML on a document request (hydration reads it back
 * from the element), as loader data after a client-side navigation.
 */
import { createContext, useContext, useState } from "react";

/** The element that holds the body. */
export const ARTICLE_BODY_ID = "article-body";

/**
 * The `handle` of the route whose loader data is `{ article: { slug } }`: the server entry reads that article's body
 * for the page, whatever the route's id.
 */
export const ARTICLE_BODY_HANDLE = { articleBody: true } as const;

/** Whether a route's `handle` is `ARTICLE_BODY_HANDLE`. */
export function isArticleBodyHandle(handle: unknown): boolean {
  return (handle as { articleBody?: unknown } | null | undefined)?.articleBody === true;
}

/** The body of the article being rendered on the server, or `null` (always in the browser). */
export const ArticleBodyContext = createContext<string | null>(null);

/** The body to render: the loader's `html`, else the server's copy, else what the server wrote into the page. */
export function useArticleBody(loaderHtml: string | null): string {
  const serverHtml = useContext(ArticleBodyContext);
  const [pageHtml] = useState(() =>
    typeof document === "undefined" ? "" : (document.getElementById(ARTICLE_BODY_ID)?.innerHTML ?? ""),
  );
  return loaderHtml ?? serverHtml ?? pageHtml;
}
