/**
 * `/sitemap.xml`: every public page the current flags enable, or, past `SITEMAP_URL_LIMIT` of them, an index of its
 * parts at `/sitemap.xml?page=N` (see `lib/feeds.server.ts`).
 */
import { readContentStore } from "../../server/content.server";
import { listArticleSummaries } from "../lib/articles.server";
import { getEdgeContext } from "../../core/edge-context";
import { buildSitemapDocument, listSitemapEntries } from "../lib/feeds.server";
import { PageNumberSchema } from "../../core/pagination";
import * as v from "valibot";
import { listPublishedIssues } from "../lib/newsletters.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { flags } = getEdgeContext(context);
  const content = readContentStore();
  const entries = listSitemapEntries(
    flags,
    await listArticleSummaries(content),
    await listPublishedIssues(content, Date.now()),
  );
  const url = new URL(request.url);
  const page = url.searchParams.get("page");
  // A malformed part number names no part: the 404, as for a part past the last.
  const part = page === null ? null : v.safeParse(PageNumberSchema, page);
  const body = part?.success === false ? undefined : buildSitemapDocument(url.origin, entries, part?.output ?? null);
  if (body === undefined) return new Response("Not Found", { status: 404 });
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
