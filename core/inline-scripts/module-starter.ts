/**
 * Starts the page's modules after the largest paint (rule 10.2): run inline at
 * the end of `<body>`, with the request's nonce, by `worker/html-rewrites.ts`,
 * which has removed the module preloads and made the module script inert. The
 * build compiles it to a classic script (`scripts/vite-plugin-inline-script.ts`).
 */

/**
 * After the first frame, waits for every `img[fetchpriority=high]` to load or
 * fail (or for `load`, whichever comes first), then, once: adds one
 * `<link rel="modulepreload">` per module of `hrefs`, with this script's nonce,
 * and replaces each inert module script by a live one with the same text and
 * nonce (allowed by the CSP's nonce, or on a cached page by its hash; what
 * they load by `'strict-dynamic'`).
 *
 * @param hrefs the page's modules, same-origin paths, in React Router's order.
 * @param inertType the `type` the inert module scripts carry (`vpf/module`).
 */
export default function startModules(hrefs: string[], inertType: string): void {
  // Read now: `currentScript` is this script only while it runs.
  const nonce = document.currentScript && (document.currentScript as HTMLScriptElement).nonce;
  let started = false;

  function start(): void {
    if (started) return;
    started = true;
    hrefs.forEach((href) => {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      if (nonce) link.nonce = nonce;
      document.head.appendChild(link);
    });
    document.querySelectorAll<HTMLScriptElement>(`script[type="${inertType}"]`).forEach((inert) => {
      const live = document.createElement("script");
      live.type = "module";
      live.nonce = inert.nonce;
      live.textContent = inert.textContent;
      inert.replaceWith(live);
    });
  }

  function heroesLoaded(): Promise<unknown> {
    const heroes = Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'));
    return Promise.all(
      heroes.map((image) =>
        image.complete
          ? 0
          : new Promise((done) => {
              image.addEventListener("load", done);
              image.addEventListener("error", done);
            }),
      ),
    );
  }

  addEventListener("load", start);
  requestAnimationFrame(() => {
    setTimeout(() => {
      void heroesLoaded().then(start);
    }, 0);
  });
}
