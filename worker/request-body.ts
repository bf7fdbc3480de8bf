/**
 * Request bodies (rule 5.2). Readers stop at their limit; `drainRequestBodies()` reads the rest, because under
 * `wrangler dev` an unread or cancelled upload breaks the connection's next request (Network connection lost).
 */
import type { MiddlewareHandler } from "hono";

/** The platform's largest request body on its smaller plans, so any upload that arrives is read to its end. */
export const MAX_DRAINED_BYTES = 100 * 1024 * 1024;

/** Reads what is left of the body up to `maxBytes`, then cancels the rest; leaves a locked body alone. Never throws. */
export async function discardBody(request: Request, maxBytes = MAX_DRAINED_BYTES): Promise<void> {
  const body = request.body;
  if (!body) return;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = body.getReader();
  } catch {
    return;
  }
  try {
    await drainReader(reader, 0, maxBytes);
  } catch {
    // The client went away.
  } finally {
    reader.releaseLock();
  }
}

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

/** On overflow the reader is left open for the caller to drain or cancel. */
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

function declaresMoreThan(headers: Headers, maxBytes: number): boolean {
  const declared = Number(headers.get("content-length") ?? "NaN");
  return Number.isFinite(declared) && declared > maxBytes;
}

/** The body as UTF-8 text, or `null` when larger than `maxBytes` (the rest is left for the drain). */
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

/** Registered first so it runs last, after every handler has taken what it needs of the body (rule 5.2). */
export function drainRequestBodies(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    await discardBody(c.req.raw);
  };
}

/** A response body as text; throws Error `answer larger than N bytes` past `maxBytes`, cancelling the rest. */
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
