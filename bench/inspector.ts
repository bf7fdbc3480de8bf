/** A Chrome DevTools Protocol session with the worker's isolate, through the inspector `wrangler dev` opens. */

/** A connected session: `send` calls a protocol method and resolves with its result. */
export interface InspectorSession {
  send: <T>(method: string, params?: object) => Promise<T>;
  close: () => void;
}

/**
 * Connects to the inspector on 127.0.0.1:`port`. A call the isolate never answers rejects after 30 s rather than
 * holding the bench (and the host) forever; a call the isolate refuses resolves with `{ error }`.
 * @throws Error when the inspector cannot be reached.
 */
export async function connectInspector(port: number): Promise<InspectorSession> {
  // The inspector refuses a socket without an Origin; Node's WebSocket takes headers through this cast.
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
    headers: { Origin: `http://127.0.0.1:${port}` },
  } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error("could not reach the worker's inspector")), { once: true });
  });
  let nextId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result ?? { error: message.error });
  });
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve, reject) => {
        const id = ++nextId;
        const timer = setTimeout(() => reject(new Error(`the inspector did not answer ${method}`)), 30_000);
        waiting.set(id, (result) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(result as T);
        });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}
