/** Starts the page's scripts after the largest paint (rule 10.2); `worker/html-rewrites.ts` says why and inserts it. */

/** The `type`s the page's held scripts carry until the starter runs them: classic scripts and module scripts. */
export interface InertTypes {
  classic: string;
  module: string;
}

/**
 * `hrefs` are the page's modules in React Router's order. Runs as an inline module script, so it never holds up the
 * parser. Starts after the first frame, once the high-priority images have loaded (or failed) or `load` has fired,
 * whichever is first; never before that frame. Every held script is then brought to life in document order, each with the
 * nonce it was sent with.
 */
export default function startModules(hrefs: string[], inertTypes: InertTypes): void {
  let started = false;

  function start(): void {
    if (started) return;
    started = true;
    const held = Array.from(document.getElementsByTagName("script")).filter(
      (script) => script.type === inertTypes.classic || script.type === inertTypes.module,
    );
    // A module script has no `currentScript`; the held scripts carry the page's nonce.
    const nonce = held[0] ? held[0].nonce : "";
    // One insertion for every preload.
    const preloads = document.createDocumentFragment();
    hrefs.forEach((href) => {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      if (nonce) link.nonce = nonce;
      preloads.appendChild(link);
    });
    document.head.appendChild(preloads);
    held.forEach((inert) => {
      const live = document.createElement("script");
      if (inert.type === inertTypes.module) live.type = "module";
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

  // After the frame that paints: a `load` that comes first (everything fetched while layout still runs) waits too.
  function afterFirstFrame(then: () => void): void {
    requestAnimationFrame(() => {
      setTimeout(then, 0);
    });
  }

  addEventListener("load", () => afterFirstFrame(start));
  afterFirstFrame(() => {
    void heroesLoaded().then(start);
  });
}
