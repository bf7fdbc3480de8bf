/**
 * Changes to outgoing HTML, made with Workers' `HTMLRewriter` (streaming, no
 * decoding of the page by our own code; ARCHITECTURE.md, "The browser").
 *
 * `startModulesAfterHero`: React Router preloads every module of the page
 * (`<link rel="modulepreload">`) and starts hydration from one inline
 * `<script type="module">`. Fetched from the first bytes of the document,
 * those modules (about 125 kB gzip) share the slow first seconds with the
 * largest paint's image and font, and Lighthouse's simulation counts every
 * byte requested before that paint: with `fetchpriority="low"` preloads
 * LCP was 2.18 to 2.35 s, against 1.29 to 1.44 s when the modules waited
 * (bench/README.md, "Interactive when painted"). So the preloads are
 * dropped, the module script is kept inert (`type="vpf/module"`), and a
 * nonce'd starter at the end of `<body>` runs it once the page has painted
 * and its high-priority images (the LCP candidates) have loaded, or at
 * `load`, whichever comes first. A click, choice or keystroke made before
 * hydration is recorded and replayed (`app/lib/early-events.ts`, rule 10.2).
 */

/** The `type` an inert module script carries until the starter runs it. */
export const INERT_MODULE_TYPE = "vpf/module";

/**
 * The starter, a classic inline script: after the first frame, waits for
 * every `img[fetchpriority=high]` to load or fail (or for `load`), then
 * replaces each inert module script by a live one with the same text and
 * nonce (allowed by the CSP's nonce, or on a cached page by its hash; its
 * imports by `'strict-dynamic'`).
 */
const STARTER = `(function(){var started=false;function start(){if(started)return;started=true;document.querySelectorAll('script[type="${INERT_MODULE_TYPE}"]').forEach(function(inert){var live=document.createElement("script");live.type="module";live.nonce=inert.nonce;live.textContent=inert.textContent;inert.replaceWith(live)})}function heroes(){return Promise.all([].slice.call(document.querySelectorAll('img[fetchpriority="high"]')).map(function(img){return img.complete?0:new Promise(function(done){img.addEventListener("load",done);img.addEventListener("error",done)})}))}addEventListener("load",start);requestAnimationFrame(function(){setTimeout(function(){heroes().then(start)},0)})})()`;

/**
 * The page with its modules started after the largest paint; any other answer unchanged.
 *
 * @param nonce the request's CSP nonce (base64), given to the starter script.
 */
export function startModulesAfterHero(response: Response, nonce: string): Response {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html") || !response.body) return response;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(element) {
        element.remove();
      },
    })
    .on('script[type="module"]', {
      element(element) {
        element.setAttribute("type", INERT_MODULE_TYPE);
      },
    })
    .on("body", {
      element(element) {
        element.onEndTag((end) => {
          end.before(`<script nonce="${nonce}">${STARTER}</script>`, { html: true });
        });
      },
    })
    .transform(response);
}
