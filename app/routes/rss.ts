/** `/rss.xml`: the RSS 2.0 feed of the newest articles (see `lib/feeds.server.ts`). */
import { readContentStore } from "../../server/content.server";
import { listArticleSummaries } from "../lib/articles.server";
import { buildRssFeed } from "../lib/feeds.server";
import type { Route } from "./+types/rss";

export async function loader({ request }: Route.LoaderArgs) {
  return new Response(buildRssFeed(new URL(request.url).origin, await listArticleSummaries(readContentStore())), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
}
