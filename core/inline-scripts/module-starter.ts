/** Starts the page's scripts after the largest paint (rule 10.2); `worker/html-rewrites.ts` says why and inserts it. */

/** The `type`s the page's held scripts carry until the starter runs them: classic scripts and module scripts. */
export interface InertTypes {
  classic: string;
  module: string;
}

/**
 * `hrefs` are the page's modules in React Router's order; `nonce` is the one the worker held the page's scripts with
 * (the starter's own: a module script has no `currentScript`), `""` when the page has none. Runs as an inline module
 * script, so it never holds up the parser, and only once the parser has finished: every streamed part of the page,
 * late Suspense boundaries included, is in the document by then. Starts after the first frame, once the high-priority
 * images have loaded (or failed) or `load` has fired, whichever is first; never before that frame. Every held script
 * that carries `nonce` is then brought to life in document order; a script of a held type without it was not written
 * by the worker and stays inert (rule 8.1).
 */
export default function startModules(hrefs: string[], inertTypes: InertTypes, nonce: string): void {
  let started = false;

  function start(): void {
    if (started) return;
    started = true;
    // `.nonce`, never the attribute: a browser hides the attribute's value once the element is in the document.
    const held = Array.from(document.getElementsByTagName("script")).filter(
      (script) =>
        nonce !== "" &&
        script.nonce === nonce &&
        (script.type === inertTypes.classic || script.type === inertTypes.module),
    );
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
      live.nonce = nonce;
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
