/** Server entry: streams the document; every inline script carries the request's CSP nonce, bots get it whole. */
import { renderToReadableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { isBotUserAgent } from "../core/bots";
import { getEdgeContext } from "../core/edge-context";
import { ArticleBodyContext, isArticleBodyHandle } from "./lib/article-body";
import { findArticle } from "./lib/articles.server";
import { readContentStore } from "../server/content.server";
import { NonceContext } from "./lib/nonce";

/**
 * The body of the article this request renders, or `null` on any other page: read again from the content store,
 * which keeps the file its loader just read, so the body is sent once, as HTML. The article's route is the one whose
 * `handle` says so.
 */
async function findArticleBody(routerContext: EntryContext): Promise<string | null> {
  const { matches, loaderData } = routerContext.staticHandlerContext;
  const match = matches.find(({ route }) => isArticleBodyHandle(route.handle));
  const slug = match && (loaderData[match.route.id] as { article?: { slug?: string } } | undefined)?.article?.slug;
  // Only an article's page reads the store here, so the other pages never open it.
  return slug ? ((await findArticle(readContentStore(), slug))?.html ?? null) : null;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const { nonce, render } = getEdgeContext(loadContext);
  const articleBody = await findArticleBody(routerContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <ArticleBodyContext value={articleBody}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ArticleBodyContext>
    </NonceContext.Provider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        responseStatusCode = 500;
        // An error after the shell leaves an incomplete page, which the page cache must not keep.
        if (shellRendered) {
          render.streamError = true;
          console.error(error);
        }
      },
    },
  );
  shellRendered = true;

  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isBotUserAgent(userAgent)) || routerContext.isSpaMode) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
