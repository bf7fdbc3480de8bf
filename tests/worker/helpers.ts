/**
 * Helpers for worker tests: requests go to the built worker inside workerd
 * through its own `fetch` export, with the real local KV namespace `FLAGS`.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import type { Flags } from "../../core/flags-schema";
import { expect } from "vitest";

/** A desktop browser User-Agent, so responses stream as they would for visitors. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A search engine's User-Agent (isbot recognises it): such clients get the fully rendered page. */
export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1)";

/** A request as a desktop browser sends it, redirects not followed; `path` as for `request`. */
function buildRequest(path: string, init: RequestInit): Request {
  const headers = new Headers(init.headers);
  if (!headers.has("user-agent")) headers.set("user-agent", BROWSER_UA);
  const url = /^https?:/.test(path) ? path : `https://vpf.test${path}`;
  return new Request(url, { redirect: "manual", ...init, headers });
}

/** Sends a request to the worker; `path` is relative to `https://vpf.test`, or a whole URL. */
export function request(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(buildRequest(path, init));
}

/** Stores a raw `flags` value in KV (`null` deletes the key). */
export async function putRawFlags(value: string | null): Promise<void> {
  if (value === null) await env.FLAGS.delete("flags");
  else await env.FLAGS.put("flags", value);
}

/** Stores flags in KV; omitted names are left out of the JSON (they take their default). */
export function putFlags(flags: Partial<Flags>): Promise<void> {
  return putRawFlags(JSON.stringify(flags));
}

/** The built worker module's default export: the Hono app's `fetch`, the cron's `scheduled`, the queues' `queue`. */
export interface BuiltWorker {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response>;
  scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void>;
  queue(batch: MessageBatch, env: Env, ctx: ExecutionContext): Promise<void>;
}

// A computed specifier keeps the type checker out of the generated bundle.
const BUILT_WORKER_PATH = "../../build/server/index.js";

/** The built worker's module, for its handlers other than `fetch` or for other bindings. */
export async function loadBuiltWorker(): Promise<BuiltWorker> {
  return ((await import(/* @vite-ignore */ BUILT_WORKER_PATH)) as { default: BuiltWorker }).default;
}

/**
 * Calls the built worker directly with some bindings replaced, for faults a
 * real binding cannot be made to show (a KV that throws, another store id),
 * and waits for the request's `waitUntil`. `path` as for `request`.
 */
export async function requestWithEnv(path: string, init: RequestInit, overrides: Partial<Env>): Promise<Response> {
  const worker = await loadBuiltWorker();
  const ctx = createExecutionContext();
  const response = await worker.fetch(buildRequest(path, init), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/**
 * Requests `path` once the page cache holds it: renders it through the built worker, waits for that request's
 * `waitUntil` (where its copy is stored), then asks again through the worker's `fetch`. `path` as for `request`.
 *
 * @throws Error when the second answer did not come from the page cache.
 */
export async function requestCachedPage(path: string, init: RequestInit = {}): Promise<Response> {
  const worker = await loadBuiltWorker();
  const ctx = createExecutionContext();
  const rendered = await worker.fetch(buildRequest(path, init), env, ctx);
  await rendered.arrayBuffer();
  await waitOnExecutionContext(ctx);
  const response = await request(path, init);
  if (response.headers.get("x-render-cache") !== "hit") throw new Error(`${path} did not come from the page cache`);
  return response;
}

/** A `FLAGS` binding whose `get` answers as given (a fault KV cannot be made to show). */
export function kvReturning(get: () => Promise<string | null>): KVNamespace {
  return { ...env.FLAGS, get } as unknown as KVNamespace;
}

/**
 * The script nonce a CSP header allows.
 *
 * @throws Error when the header has none.
 */
export function readScriptNonce(csp: string | null): string {
  const match = /script-src[^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? "");
  if (!match?.[1]) throw new Error(`no nonce in CSP: ${csp}`);
  return match[1];
}

/** React's escapes in text. */
const REACT_ESCAPES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };

/** Text as React wrote it, its five escapes undone: `HTMLRewriter` hands over the HTML's own characters. */
export function decodeText(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#x27);/g, (escape) => REACT_ESCAPES[escape]!);
}

/**
 * One element as the worker wrote it: its attributes (escapes undone), and its text as a reader sees it (escapes
 * undone, runs of space one space); a `script` or `style` keeps its text as written.
 */
export interface ElementMarkup {
  attributes: Record<string, string>;
  text: string;
}

/** Elements whose text is not HTML: `HTMLRewriter` hands it over as the worker wrote it, with nothing to undo. */
const RAW_TEXT_ELEMENTS = new Set(["script", "style"]);

/**
 * The elements of `html` that `selector` matches, in document order, each with the text of everything inside it.
 * @throws Error on a selector `HTMLRewriter` does not support.
 */
export async function listElements(html: string, selector: string): Promise<ElementMarkup[]> {
  const found: Array<ElementMarkup & { raw: boolean }> = [];
  const open: ElementMarkup[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        // `HTMLRewriter` yields `[name, value]` pairs, values as written; the DOM library's typing says `Attr`.
        const pairs = [...(element.attributes as unknown as Iterable<[string, string]>)];
        const attributes = Object.fromEntries(pairs.map(([name, value]) => [name, decodeText(value)]));
        const markup = { attributes, text: "", raw: RAW_TEXT_ELEMENTS.has(element.tagName) };
        found.push(markup);
        try {
          element.onEndTag(() => void open.splice(open.indexOf(markup), 1));
          open.push(markup);
        } catch {
          // A void element (`meta`, `img`) has no end tag and holds no text.
        }
      },
      text(chunk) {
        for (const markup of open) markup.text += chunk.text;
      },
    })
    .transform(new Response(html))
    .arrayBuffer();
  return found.map(({ attributes, text, raw }) => ({
    attributes,
    text: raw ? text.trim() : decodeText(text).replace(/\s+/g, " ").trim(),
  }));
}

/** The page at `path` (a 200, or `status`) and its HTML. */
export async function readPage(path: string, status = 200): Promise<string> {
  const response = await request(path);
  expect(response.status, path).toBe(status);
  return response.text();
}
