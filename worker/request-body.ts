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
  let read = 0;
  try {
    while (read <= maxBytes) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away; nothing is left to answer.
  } finally {
    reader.releaseLock();
  }
}

/**
 * Reads a request body as UTF-8 text of at most `maxBytes`.
 *
 * @returns the text, or `null` when the body is larger (the rest is then
 *   read and thrown away as `discardBody` does, so the answer still arrives).
 */
export async function readRequestText(request: Request, maxBytes: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discardBody(request);
    return null;
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        while (size <= MAX_DISCARDED_BYTES) {
          const next = await reader.read();
          if (next.done) return null;
          size += next.value.byteLength;
        }
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return decodeChunks(chunks, size);
}

function decodeChunks(chunks: readonly Uint8Array[], size: number): string {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a response body as text, refusing more than `maxBytes`.
 *
 * @throws Error `"answer larger than N bytes"` as soon as the limit is passed
 *   (the rest of the body is cancelled).
 */
export async function readLimitedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new Error(`answer larger than ${maxBytes} bytes`);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`answer larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return decodeChunks(chunks, size);
}
