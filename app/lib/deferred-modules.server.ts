/**
 * Starts the page's JavaScript after the page has loaded (bench/README.md,
 * "What moved the figures"). React Router's `<Scripts>` writes a
 * `<link rel="modulepreload">` for every module and one inline
 * `<script type="module">` that imports them and hydrates. On a slow link
 * those downloads compete with the HTML, the fonts and the largest image, so
 * the first paint and the largest paint wait for JavaScript the page does not
 * need to be read.
 *
 * This stream transform, applied by `entry.server.tsx` to the shell:
 * - drops the module preload links;
 * - keeps the module script's text in an inert `<script type="text/x-vpf-boot">`;
 * - adds a small nonce'd script that, once the `load` event has fired, runs
 *   that text as a module (a script created by a trusted script is allowed by
 *   the CSP's `'strict-dynamic'`, rule 8.1, and it carries the nonce too).
 * The HTML, the inline theme script (rule 7.1) and every streamed chunk are
 * untouched; the page hydrates exactly as before, only later.
 */

/** The id of the inert element that holds the module script's text. */
export const BOOT_SCRIPT_ID = "vpf-boot";

const MODULE_SCRIPT = /<script\b([^>]*)\btype="module"([^>]*)>([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/?>/g;

/** The loader: runs the kept module text once the page has loaded (then in the next task). */
function buildLoader(nonce: string): string {
  const source =
    `(function(){function b(){var o=document.getElementById("${BOOT_SCRIPT_ID}");if(!o)return;` +
    `var s=document.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;` +
    `document.body.appendChild(s)}if(document.readyState==="complete")setTimeout(b,0);` +
    `else addEventListener("load",function(){setTimeout(b,0)},{once:true})})();`;
  return `<script nonce="${nonce}">${source}</script>`;
}

/**
 * Rewrites one HTML text that holds the whole module script.
 *
 * @returns the rewritten text, or `null` when the text holds no module script yet.
 */
export function deferModuleScript(html: string): string | null {
  const match = MODULE_SCRIPT.exec(html);
  if (!match) return null;
  const attributes = `${match[1] ?? ""} ${match[2] ?? ""}`;
  const nonce = /\bnonce="([^"]*)"/.exec(attributes)?.[1] ?? "";
  const inert = `<script nonce="${nonce}" type="text/x-vpf-boot" id="${BOOT_SCRIPT_ID}">${match[3] ?? ""}</script>`;
  const rewritten = html.slice(0, match.index) + inert + buildLoader(nonce) + html.slice(match.index + match[0].length);
  return rewritten.replace(MODULE_PRELOAD, "");
}

/**
 * A transform over the document's bytes: buffers until the module script has
 * passed, rewrites that part with `deferModuleScript`, then passes the rest
 * through as it streams. A document without a module script is left as it was.
 */
export function createDeferredModulesTransform(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffered = "";
  let done = false;
  return new TransformStream({
    transform(chunk, controller) {
      if (done) {
        controller.enqueue(chunk);
        return;
      }
      buffered += decoder.decode(chunk, { stream: true });
      // Cheap test first: the pattern only runs once the module script's start has arrived.
      if (!buffered.includes('type="module"')) return;
      const rewritten = deferModuleScript(buffered);
      if (rewritten === null) return;
      done = true;
      buffered = "";
      controller.enqueue(encoder.encode(rewritten));
    },
    flush(controller) {
      if (done) return;
      const rest = buffered + decoder.decode();
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}
