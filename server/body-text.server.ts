/** Request and answer bodies read up to a limit (rule 5.2). */

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

/** The body as UTF-8 text, or `null` when larger than `maxBytes` (the rest is left unread). */
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
