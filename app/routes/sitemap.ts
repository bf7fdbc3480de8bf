/** `/sitemap.xml`: every public page the current flags enable (see `lib/feeds.server.ts`). */
import { listArticleSummaries } from "../lib/articles.server";
import { getEdgeContext } from "../../core/edge-context";
import { buildSitemap, listSitemapEntries } from "../lib/feeds.server";
import type { Route } from "./+types/sitemap";

export function loader({ request, context }: Route.LoaderArgs) {
  const { flags } = getEdgeContext(context);
  const body = buildSitemap(new URL(request.url).origin, listSitemapEntries(flags, listArticleSummaries()));
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
