/** Starts the page's modules after the largest paint (rule 10.2); `worker/html-rewrites.ts` says why and inserts it. */

/** `hrefs` are the page's modules in React Router's order; `inertType` is the `type` the inert module scripts carry. */
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
