/** `cloudflare:workers` for the unit tests in Node: no bindings; `waitUntil` lets the promise run on its own. */
export const env: Record<string, unknown> = {};

export function waitUntil(promise: Promise<unknown>): void {
  promise.catch(() => undefined);
}
