/**
 * Request bodies (rule 5.2). Whatever part of an upload the answer did not
 * need is read and thrown away in one place, `drainRequestBodies()`, the
 * outermost middleware: under `wrangler dev` an unread or cancelled upload
 * otherwise breaks the next request on the same connection
 * (`500 Network connection lost`). Readers here stop at their limit and leave
 * the rest of the body to that middleware.
 */
import type { MiddlewareHandler } from "hono";

/**
 * Most bytes the drain reads before it cancels the rest (100 MiB, the
 * largest request body the platform accepts on its smaller plans), so any
 * upload that reaches the worker is read to its end.
 */
export const MAX_DRAINED_BYTES = 100 * 1024 * 1024;

/**
 * Reads and throws away what is left of the request body, up to `maxBytes`,
 * then cancels whatever remains. A body already read to its end costs one
 * read; a body another reader holds is left alone. Never throws.
 *
 * @param request the incoming request; its body is consumed.
 * @param maxBytes the most bytes to read before cancelling (default `MAX_DRAINED_BYTES`).
 */
export async function discardBody(request: Request, maxBytes = MAX_DRAINED_BYTES): Promise<void> {
  const body = request.body;
  if (!body) return;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = body.getReader();
  } catch {
    return; // already locked by a reader of its own
  }
  try {
    await drainReader(reader, 0, maxBytes);
  } catch {
    // The client went away; nothing is left to answer.
  } finally {
    reader.releaseLock();
  }
}

/** Reads and drops chunks until the stream ends or `maxBytes` in all were read, then cancels the rest. */
async function drainReader(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  alreadyRead: number,
  maxBytes: number,
): Promise<void> {
  let read = alreadyRead;
  while (read <= maxBytes) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.byteLength;
  }
  await reader.cancel();
}

/**
 * Reads a stream as UTF-8 text of at most `maxBytes`.
 *
 * @returns `{ text }`, or `{ overflowAt }` (bytes read so far) once the limit
 *   is passed; the reader is then left open for the caller to drain or cancel.
 */
async function collectText(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): Promise<{ text: string } | { overflowAt: number }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) return { overflowAt: size };
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { text: new TextDecoder().decode(bytes) };
}

/** Whether a `Content-Length` header already says the body is larger than `maxBytes`. */
function declaresMoreThan(headers: Headers, maxBytes: number): boolean {
  const declared = Number(headers.get("content-length") ?? "NaN");
  return Number.isFinite(declared) && declared > maxBytes;
}

/**
 * Reads a request body as UTF-8 text of at most `maxBytes`.
 *
 * @returns the text, or `null` when the body is larger; the rest of the body
 *   is left for `drainRequestBodies()`.
 */
export async function readRequestText(request: Request, maxBytes: number): Promise<string | null> {
  if (declaresMoreThan(request.headers, maxBytes)) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  try {
    const result = await collectText(reader, maxBytes);
    return "text" in result ? result.text : null;
  } finally {
    reader.releaseLock();
  }
}

/**
 * Hono middleware, registered first so that it runs last: once the answer is
 * ready, whatever the handlers (the worker's own, React Router's actions and
 * its own 405s, the page cache) left of the request body is read and thrown
 * away before the answer leaves (rule 5.2).
 */
export function drainRequestBodies(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    await discardBody(c.req.raw);
  };
}

/**
 * Reads a response body as text, refusing more than `maxBytes`.
 *
 * @throws Error `"answer larger than N bytes"` as soon as the limit is passed
 *   (the rest of the body is cancelled).
 */
export async function readLimitedText(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = new Error(`answer larger than ${maxBytes} bytes`);
  if (declaresMoreThan(response.headers, maxBytes)) {
    await response.body?.cancel();
    throw tooLarge;
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const result = await collectText(reader, maxBytes);
  if ("text" in result) return result.text;
  await reader.cancel();
  throw tooLarge;
}
