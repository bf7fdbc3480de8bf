/** `/rss.xml`: the RSS 2.0 feed of the newest articles (see `lib/feeds.server.ts`). */
import { getEdgeContext } from "../../core/edge-context";
import { listArticleSummaries } from "../lib/articles.server";
import { buildRssFeed } from "../lib/feeds.server";
import type { Route } from "./+types/rss";

export async function loader({ request, context }: Route.LoaderArgs) {
  return new Response(
    buildRssFeed(new URL(request.url).origin, await listArticleSummaries(getEdgeContext(context).content)),
    {
      headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
    },
  );
}
