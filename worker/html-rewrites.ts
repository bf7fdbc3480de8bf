/**
 * Changes to outgoing HTML, made with Workers' `HTMLRewriter` (streaming, no
 * decoding of the page by our own code; ARCHITECTURE.md, "The browser").
 *
 * `startModulesAfterHero`: React Router preloads every module of the page
 * (`<link rel="modulepreload">`), ends `<body>` with classic scripts (scroll
 * restoration, its context and the hydration data) and starts hydration from
 * one inline `<script type="module">`. Fetched from the first bytes of the
 * document, those modules (about 125 kB gzip) share the slow first seconds
 * with the largest paint's image and font; measured over HTTP/2, that costs
 * the largest paint more than the earlier hydration gains (rule 10.2,
 * bench/README.md "Module loading, as served"). And a classic script at the
 * end of `<body>` holds the parser until the stylesheet has arrived, then runs
 * before the first paint (decision 018). So the preloads leave the
 * document, every script in `<body>` that carries the response's nonce is held
 * inert (`type="vpf/script"` or `"vpf/module"`, data blocks, without `async`,
 * which a data block may not carry), and a nonce'd inline module script, which
 * never holds the parser, waits until the page has painted and its
 * high-priority images (the LCP candidates) have loaded, or for `load`,
 * whichever comes first. It then preloads every module at once, as React
 * Router would have, so the module graph arrives in one round trip instead of
 * one per level of imports, and runs the held scripts in document order
 * (`core/inline-scripts/module-starter.ts`). The theme and early-event scripts
 * stay in `<head>`: they must run first.
 *
 * Only scripts the render wrote with the nonce are held (rule 8.1): any other
 * script stays as it was, so the CSP blocks it and the browser reports it, and
 * one that arrives already of a held type (written so by the content, since
 * the render never does) is refused: it gets `type="vpf/refused"`, which
 * nothing runs, and the worker logs it as a CSP violation (rule 8.4).
 */
import { moduleStarterScript } from "../core/inline-scripts/compiled";
import type { InertTypes } from "../core/inline-scripts/module-starter";
import { logCspViolation } from "./csp-report";

/** The `type`s held scripts carry until the starter runs them. */
export const INERT_SCRIPT_TYPES = { classic: "vpf/script", module: "vpf/module" } as const satisfies InertTypes;

/** The `type` a script of a held type gets when the render did not write it: a data block nothing brings back. */
export const REFUSED_SCRIPT_TYPE = "vpf/refused";

/** The `type` values under which a browser runs an inline script as a classic script (none, a JavaScript MIME type). */
const CLASSIC_SCRIPT_TYPES = new Set(["", "text/javascript", "application/javascript"]);

/** A script's `type` attribute (`null` when absent), trimmed and lower-cased as the browser compares it. */
function normalizeScriptType(type: string | null): string {
  return (type ?? "").trim().toLowerCase();
}

/**
 * Whether a script of this `type` attribute runs, now or once the starter brings it back: classic, module or held.
 * The page cache hashes exactly these for a stored page's CSP.
 */
export function isRunnableScriptType(type: string | null): boolean {
  const normal = normalizeScriptType(type);
  return (
    CLASSIC_SCRIPT_TYPES.has(normal) ||
    normal === "module" ||
    normal === INERT_SCRIPT_TYPES.classic ||
    normal === INERT_SCRIPT_TYPES.module
  );
}

/**
 * The page with its scripts started after the largest paint; any other answer unchanged.
 *
 * @param nonce the request's CSP nonce (base64), given to the starter script; only scripts carrying it are held, so
 *   `""` holds none.
 * @param path the page's path, for the log line of a refused script.
 */
export function startModulesAfterHero(response: Response, nonce: string, path: string): Response {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html") || !response.body) return response;
  const hrefs: string[] = [];
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(element) {
        const href = element.getAttribute("href");
        if (href && /^\/(?!\/)/.test(href)) hrefs.push(href);
        element.remove();
      },
    })
    .on("body script", {
      element(element) {
        // A script with `src` would lose its source in the starter's copy; the site sends none in `<body>`.
        if (element.hasAttribute("src")) return;
        const type = normalizeScriptType(element.getAttribute("type"));
        if (type === INERT_SCRIPT_TYPES.classic || type === INERT_SCRIPT_TYPES.module) {
          element.setAttribute("type", REFUSED_SCRIPT_TYPE);
          logCspViolation({ document: path, directive: "script-src-elem", blocked: "inline", disposition: "enforce" });
          return;
        }
        // Without the nonce the CSP blocks the script where it stands, and the browser reports it.
        if (nonce === "" || element.getAttribute("nonce") !== nonce) return;
        if (type === "module") element.setAttribute("type", INERT_SCRIPT_TYPES.module);
        else if (CLASSIC_SCRIPT_TYPES.has(type)) element.setAttribute("type", INERT_SCRIPT_TYPES.classic);
        else return;
        element.removeAttribute("async");
      },
    })
    .on("body", {
      element(element) {
        element.onEndTag((end) => {
          end.before(
            `<script type="module" nonce="${nonce}">${moduleStarterScript(hrefs, INERT_SCRIPT_TYPES, nonce)}</script>`,
            { html: true },
          );
        });
      },
    })
    .transform(response);
}
