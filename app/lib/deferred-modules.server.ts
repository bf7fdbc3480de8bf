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
 * - puts before it a small nonce'd script that, once the `load` event has fired, runs
 *   that text as a module (a script created by a trusted script is allowed by
 *   the CSP's `'strict-dynamic'`, rule 8.1, and it carries the nonce too).
 * The HTML, the inline theme script (rule 7.1) and every streamed chunk are
 * untouched; the page hydrates exactly as before, only later.
 */

/** The id of the inert element that holds the module script's text. */
export const BOOT_SCRIPT_ID = "vpf-boot";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const PRELOAD_START = encoder.encode('<link rel="modulepreload"');
const SCRIPT_START = encoder.encode("<script");
const MODULE_TYPE = /\btype="module"/;
const NONCE_ATTRIBUTE = /\bnonce="([^"]*)"/;
const EMPTY = new Uint8Array(0);

/**
 * The loader, then the inert element that takes the module script's place.
 * The loader runs the kept text as a module once the page has loaded (then
 * in the next task); by then the whole document, the inert element included,
 * has been parsed, so the loader may come first.
 */
function buildDeferredOpening(nonce: string): Uint8Array {
  const loader =
    `(function(){function b(){var o=document.getElementById("${BOOT_SCRIPT_ID}");if(!o)return;` +
    `var s=document.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;` +
    `document.body.appendChild(s)}if(document.readyState==="complete")setTimeout(b,0);` +
    `else addEventListener("load",function(){setTimeout(b,0)},{once:true})})();`;
  return encoder.encode(
    `<script nonce="${nonce}">${loader}</script>` +
      `<script nonce="${nonce}" type="text/x-vpf-boot" id="${BOOT_SCRIPT_ID}">`,
  );
}

/** Whether `marker` starts at `index` of `bytes`: "yes", "no", or "maybe" when the bytes end first. */
function compareAt(bytes: Uint8Array, index: number, marker: Uint8Array): "yes" | "no" | "maybe" {
  const available = Math.min(marker.length, bytes.length - index);
  for (let offset = 0; offset < available; offset++) {
    if (bytes[index + offset] !== marker[offset]) return "no";
  }
  return available === marker.length ? "yes" : "maybe";
}

/**
 * A transform over the document's bytes. It never decodes the page: it
 * steps from one `<` to the next, and only the opening tags of scripts are
 * read as text. Module preload links are dropped wherever they are; the first
 * `<script type="module">` becomes the loader and the inert element, and
 * everything after it passes through untouched. A tag cut between two chunks
 * is held back until its `>` arrives. Markers are ASCII, and no byte of a
 * multi-byte UTF-8 character is ASCII, so a byte search cannot misfire.
 */
export function createDeferredModulesTransform(): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array = EMPTY;
  let done = false;
  return new TransformStream({
    transform(chunk, controller) {
      if (done) {
        controller.enqueue(chunk);
        return;
      }
      let bytes = chunk;
      if (held.length) {
        bytes = new Uint8Array(held.length + chunk.length);
        bytes.set(held);
        bytes.set(chunk, held.length);
        held = EMPTY;
      }
      let emitFrom = 0;
      let emitTo = bytes.length;
      for (let at = bytes.indexOf(LESS_THAN); at !== -1; at = bytes.indexOf(LESS_THAN, at + 1)) {
        const preload = compareAt(bytes, at, PRELOAD_START);
        const script = preload === "yes" ? "no" : compareAt(bytes, at, SCRIPT_START);
        if (preload === "no" && script === "no") continue;
        const end = preload === "maybe" || script === "maybe" ? -1 : bytes.indexOf(GREATER_THAN, at);
        if (end === -1) {
          // The tag (or the marker itself) continues in the next chunk.
          emitTo = at;
          held = bytes.slice(at);
          break;
        }
        if (preload === "yes") {
          if (at > emitFrom) controller.enqueue(bytes.subarray(emitFrom, at));
          emitFrom = end + 1;
          at = end;
          continue;
        }
        const tag = decoder.decode(bytes.subarray(at, end + 1));
        if (!MODULE_TYPE.test(tag)) {
          at = end;
          continue;
        }
        if (at > emitFrom) controller.enqueue(bytes.subarray(emitFrom, at));
        controller.enqueue(buildDeferredOpening(NONCE_ATTRIBUTE.exec(tag)?.[1] ?? ""));
        emitFrom = end + 1;
        done = true;
        break;
      }
      if (emitTo > emitFrom) controller.enqueue(bytes.subarray(emitFrom, emitTo));
    },
    flush(controller) {
      if (held.length) controller.enqueue(held);
    },
  });
}
