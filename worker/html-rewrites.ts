/**
 * Changes to outgoing HTML, made with Workers' `HTMLRewriter` (streaming, no
 * decoding of the page by our own code; ARCHITECTURE.md, "The browser").
 *
 * `startModulesAfterHero`: React Router preloads every module of the page
 * (`<link rel="modulepreload">`) and starts hydration from one inline
 * `<script type="module">`. Fetched from the first bytes of the document,
 * those modules (about 125 kB gzip) share the slow first seconds with the
 * largest paint's image and font; measured over HTTP/2, that costs the
 * largest paint more than the earlier hydration gains (rule 10.2,
 * bench/README.md "Module loading, as served"). So the preloads leave the
 * document, the module script is kept inert (`type="vpf/module"`, without
 * `async`, which a data block may not carry), and a nonce'd starter at the
 * end of `<body>` waits until the page has painted and its high-priority
 * images (the LCP candidates) have loaded, or for `load`, whichever comes
 * first. It then preloads every module at once, as React Router would have,
 * so the module graph arrives in one round trip instead of one per level of
 * imports, and runs the module script (`core/inline-scripts/module-starter.ts`).
 */
import { moduleStarterScript } from "../core/inline-scripts/compiled";

/** The `type` an inert module script carries until the starter runs it. */
export const INERT_MODULE_TYPE = "vpf/module";

/**
 * The page with its modules started after the largest paint; any other answer unchanged.
 *
 * @param nonce the request's CSP nonce (base64), given to the starter script.
 */
export function startModulesAfterHero(response: Response, nonce: string): Response {
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
    .on('script[type="module"]', {
      element(element) {
        element.setAttribute("type", INERT_MODULE_TYPE);
        element.removeAttribute("async");
      },
    })
    .on("body", {
      element(element) {
        element.onEndTag((end) => {
          end.before(`<script nonce="${nonce}">${moduleStarterScript(hrefs, INERT_MODULE_TYPE)}</script>`, {
            html: true,
          });
        });
      },
    })
    .transform(response);
}
