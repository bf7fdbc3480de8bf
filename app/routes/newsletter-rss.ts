/** `/newsletter/rss.xml`: the RSS 2.0 feed of the latest sent newsletter issues (see `lib/feeds.server.ts`). */
import { readContentStore } from "../../server/content.server";
import { buildNewsletterRssFeed } from "../lib/feeds.server";
import { listPublishedIssues } from "../lib/newsletters.server";
import type { Route } from "./+types/newsletter-rss";

export async function loader({ request }: Route.LoaderArgs) {
  return new Response(
    buildNewsletterRssFeed(new URL(request.url).origin, await listPublishedIssues(readContentStore(), Date.now())),
    {
      headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
    },
  );
}
