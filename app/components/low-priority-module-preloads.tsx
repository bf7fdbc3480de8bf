/**
 * `<LowPriorityModulePreloads />`: the page's JavaScript modules as
 * `<link rel="modulepreload" fetchpriority="low">`, rendered in `<head>` ahead
 * of the ones `<Scripts>` emits (React hoists both into `<head>`, ours first).
 *
 * Why: `<Scripts>` preloads every module at the browser's default (high)
 * priority, so on a slow link about 115 kB gzip of JavaScript competes with
 * the HTML and the largest image before the first paint. The browser fetches
 * each URL once, at the priority of the first preload it meets, so ours decide
 * it: the page paints from HTML and inline CSS alone and hydrates when the
 * modules arrive (bench/README.md, "What moved the figures").
 *
 * The list is the one `<Scripts>` builds: the client entry and its imports,
 * then each matched route's module, its client loader/action/middleware and
 * hydrate-fallback modules and their imports. Server-rendered only: once
 * hydrated, React Router loads modules itself and the links are inert.
 */
import { useContext } from "react";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";

/** Module URLs for the matched routes, in `<Scripts>`' order, without repeats. */
function listModuleHrefs(
  manifest: NonNullable<React.ContextType<typeof UNSAFE_FrameworkContext>>["manifest"],
  routeIds: readonly string[],
): string[] {
  const hrefs = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) continue;
    const modules = [
      route.module,
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
      ...(route.imports ?? []),
    ];
    for (const href of modules) if (href) hrefs.add(href);
  }
  return [...hrefs];
}

/** Low-priority module preloads for the current page; `nonce` is the request's CSP nonce. */
export function LowPriorityModulePreloads({ nonce }: { nonce: string }) {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  if (!import.meta.env.SSR || !framework) return null;
  const hrefs = listModuleHrefs(
    framework.manifest,
    matches.map((match) => match.id),
  );
  return hrefs.map((href) => <link key={href} rel="modulepreload" href={href} fetchPriority="low" nonce={nonce} />);
}
