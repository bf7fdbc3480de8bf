/**
 * Early answers and the request body (rule 5.2). When the worker answers a
 * request before reading its body (413, 415, 429, 405, 503, a redirect), the
 * unread body must still be consumed: under `wrangler dev` an unread upload
 * otherwise turns the answer into `500 Network connection lost`.
 */

/** Most bytes read and thrown away before the rest of an upload is cancelled (1 MiB). */
export const MAX_DISCARDED_BYTES = 1024 * 1024;

/**
 * Reads and throws away the request body, up to `maxBytes`, then cancels
 * whatever is left. Never throws.
 *
 * @param request the incoming request; its body is consumed.
 * @param maxBytes the most bytes to read before cancelling (default 1 MiB).
 */
export async function discardBody(request: Request, maxBytes = MAX_DISCARDED_BYTES): Promise<void> {
  const body = request.body;
  if (!body || request.bodyUsed) return;
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
 * @returns the text, or `null` when the body is larger (the rest is then
 *   read and thrown away as `discardBody` does, so the answer still arrives).
 */
export async function readRequestText(request: Request, maxBytes: number): Promise<string | null> {
  if (declaresMoreThan(request.headers, maxBytes)) {
    await discardBody(request);
    return null;
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  try {
    const result = await collectText(reader, maxBytes);
    if ("text" in result) return result.text;
    await drainReader(reader, result.overflowAt, MAX_DISCARDED_BYTES);
    return null;
  } finally {
    reader.releaseLock();
  }
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
