/** The local dev server's drain of request bodies (the bodies read up to a limit are `server/body-text.server.ts`). */
import type { MiddlewareHandler } from "hono";
import type { WorkerEnv } from "./types";

/** The platform's largest request body on its smaller plans, so any upload that arrives is read to its end. */
const MAX_DRAINED_BYTES = 100 * 1024 * 1024;

/** Reads a body to its end, or cancels it past `MAX_DRAINED_BYTES`; never throws (the client may be gone). */
async function drainReader(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    let read = 0;
    while (read <= MAX_DRAINED_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away.
  }
}

/**
 * With `DRAIN_REQUEST_BODIES=true`, which only the local dev server sets: after every later step, reads to its end
 * whatever they left of the request body. There wrangler's proxy loses the connection's next request when a worker
 * served without bundling leaves an upload unread ("Error inside ProxyWorker / Network connection lost", an open
 * workers-sdk bug); production has no such proxy. Later steps read through a stand-in stream, since `bodyLimit` never
 * lets go of a reader.
 */
export function drainRequestBodies(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body || !c.var.config.drainRequestBodies) return next();
    // A GET or HEAD request cannot be rebuilt with a body, and no step reads one.
    if (c.req.method === "GET" || c.req.method === "HEAD") {
      await next();
      if (!body.locked) await drainReader(body.getReader());
      return;
    }
    const reader = body.getReader();
    const passOn = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const chunk = await reader.read();
          if (chunk.done) controller.close();
          else controller.enqueue(chunk.value);
        },
      },
      // No read ahead, so none is pending when the drain takes over.
      { highWaterMark: 0 },
    );
    c.req.raw = new Request(c.req.raw, { body: passOn });
    try {
      await next();
    } finally {
      await drainReader(reader);
    }
  };
}
