/** `/robots.txt`: crawl rules and the sitemap's address (see `lib/feeds.server.ts`). */
import { buildRobotsTxt } from "../lib/feeds.server";
import type { Route } from "./+types/robots";

export function loader({ request }: Route.LoaderArgs) {
  return new Response(buildRobotsTxt(new URL(request.url).origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
