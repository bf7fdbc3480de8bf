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
 * imports, and runs the module script.
 */

/** The `type` an inert module script carries until the starter runs it. */
export const INERT_MODULE_TYPE = "vpf/module";

/**
 * The starter, a classic inline script: after the first frame, waits for
 * every `img[fetchpriority=high]` to load or fail (or for `load`), then adds
 * one `<link rel="modulepreload">` per module of `hrefs` and replaces each
 * inert module script by a live one with the same text and nonce (allowed by
 * the CSP's nonce, or on a cached page by its hash; what they load by
 * `'strict-dynamic'`).
 */
function buildStarter(hrefs: string[]): string {
  return `(function(m){var started=false,n=document.currentScript&&document.currentScript.nonce;function start(){if(started)return;started=true;m.forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.href=href;if(n)l.nonce=n;document.head.appendChild(l)});document.querySelectorAll('script[type="${INERT_MODULE_TYPE}"]').forEach(function(inert){var live=document.createElement("script");live.type="module";live.nonce=inert.nonce;live.textContent=inert.textContent;inert.replaceWith(live)})}function heroes(){return Promise.all([].slice.call(document.querySelectorAll('img[fetchpriority="high"]')).map(function(img){return img.complete?0:new Promise(function(done){img.addEventListener("load",done);img.addEventListener("error",done)})}))}addEventListener("load",start);requestAnimationFrame(function(){setTimeout(function(){heroes().then(start)},0)})})(${JSON.stringify(hrefs).replace(/</g, "\\u003c")})`;
}

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
          end.before(`<script nonce="${nonce}">${buildStarter(hrefs)}</script>`, { html: true });
        });
      },
    })
    .transform(response);
}
