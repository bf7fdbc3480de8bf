/** `/sitemap.xml`: every public page the current flags enable (see `lib/feeds.server.ts`). */
import { listArticleSummaries } from "../lib/articles.server";
import { getEdgeContext } from "../../core/edge-context";
import { buildSitemap, listSitemapEntries } from "../lib/feeds.server";
import { listPublishedIssues } from "../lib/newsletters.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { flags, content } = getEdgeContext(context);
  const entries = listSitemapEntries(
    flags,
    await listArticleSummaries(content),
    await listPublishedIssues(content, Date.now()),
  );
  return new Response(buildSitemap(new URL(request.url).origin, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
